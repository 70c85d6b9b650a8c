# DD_PORTABLE: one binary that runs on other Linux distributions. libstdc++, libgcc, fmt, zlib,
# libcrypto, yaml-cpp and tree-sitter are linked in; glibc (libc, libm, the loader) stays dynamic, so dlopen of the user's libnccl in
# the probe child works as in a normal build. Included before the find_package calls.
option(DD_PORTABLE "Link libstdc++, libgcc, fmt, zlib and libcrypto statically (release binary for other distributions)" OFF)

if(DD_PORTABLE)
  if(DD_SANITIZE)
    message(FATAL_ERROR "DD_PORTABLE and DD_SANITIZE cannot be combined (the sanitizer runtimes are shared libraries)")
  endif()
  # Debian's libfmt-dev ships only libfmt.so: use fmt in header-only mode instead. Defining both
  # targets fmt's config exports makes its fmt-targets.cmake keep these (it returns early when all
  # of its targets exist), so every dd_module(... DEPS fmt::fmt) gets the header-only one.
  foreach(t fmt::fmt fmt::fmt-header-only)
    add_library(${t} INTERFACE IMPORTED)
    set_target_properties(${t} PROPERTIES INTERFACE_COMPILE_DEFINITIONS "FMT_HEADER_ONLY=1")
  endforeach()
  set(ZLIB_USE_STATIC_LIBS ON)  # FindZLIB (CMake >= 3.24) picks libz.a
  set(OPENSSL_USE_STATIC_LIBS TRUE)  # FindOpenSSL picks libcrypto.a (preflight's HMAC)
  add_link_options(-static-libstdc++ -static-libgcc)
endif()
