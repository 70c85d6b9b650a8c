# dd_sanitizers: ASan + UBSan when DD_SANITIZE=ON (the test command builds this way).
add_library(dd_sanitizers INTERFACE)
if(DD_SANITIZE)
  target_compile_options(dd_sanitizers INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer
    -fno-sanitize-recover=undefined)
  target_link_options(dd_sanitizers INTERFACE -fsanitize=address,undefined)
endif()
