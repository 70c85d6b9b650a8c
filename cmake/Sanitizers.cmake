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

# DD_TSAN=ON: ThreadSanitizer instead (scripts/tsan.sh builds only dd_tsan_tests, the threaded parts'
# tests: the rendezvous, prober, probe server and bench's mesh). It cannot be combined with ASan.
option(DD_TSAN "Build with ThreadSanitizer (scripts/tsan.sh)" OFF)
if(DD_TSAN)
  if(DD_SANITIZE)
    message(FATAL_ERROR "DD_TSAN and DD_SANITIZE cannot be combined: ThreadSanitizer excludes AddressSanitizer")
  endif()
  target_compile_options(dd_sanitizers INTERFACE -fsanitize=thread -fno-omit-frame-pointer)
  target_link_options(dd_sanitizers INTERFACE -fsanitize=thread)
endif()
