# dd_sanitizers: ASan + UBSan when DD_SANITIZE=ON (the test command builds this way).
add_library(dd_sanitizers INTERFACE)
if(DD_SANITIZE)
  target_compile_options(dd_sanitizers INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer
    -fno-sanitize-recover=undefined)
  target_link_options(dd_sanitizers INTERFACE -fsanitize=address,undefined)
  # Executables link as non-PIE: a position-independent ASan build of dd_unit_tests carries 4.5 M
  # relative relocations (3.6 M for distdoctor), and applying them took ~1 s of the ~1.5 s that
  # every test process spent starting (ctest runs each of ~850 unit tests as its own process).
  # Non-PIE, the same empty run takes 0.5 s. Shared libraries (the fakes) stay PIC.
  target_link_options(dd_sanitizers INTERFACE $<$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>:-no-pie>)
endif()
