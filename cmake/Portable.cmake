# DD_PORTABLE: one binary that runs on other Linux distributions. libstdc++, libgcc, fmt, zlib,
# nettle, yaml-cpp and tree-sitter are linked in; glibc (libc, libm, the loader) stays dynamic, so dlopen of the user's libnccl in
# the probe child works as in a normal build. Included before the find_package calls.
option(DD_PORTABLE "Link libstdc++, libgcc, fmt, zlib and nettle statically (release binary for other distributions)" OFF)

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
  add_link_options(-static-libstdc++ -static-libgcc)
endif()

# DD_GLIBC_SYSROOT: link the portable binary against an older glibc (scripts/glibc-sysroot.sh
# unpacks Debian 11's glibc 2.31 there; docs/portable-glibc.md has the measurements). Only the
# link changes: start files, libc/libpthread/libdl/libm and libc_nonshared.a come from there, so
# every glibc symbol binds to a version that glibc has (the link fails on a newer function).
# Three references of Debian 12's static libraries need newer glibc and are handled here:
#  - libgcc_eh.a's unwinder calls _dl_find_object (2.35): LLVM's libunwind.a (libunwind-14-dev,
#    dl_iterate_phdr) is linked whole instead, so no libgcc_eh member is used;
#  - libstdc++.a(random.o) references arc4random (2.36) for std::random_device's "arc4random"
#    token; random.o is always linked (stdexcept.o -> cow-string-inst.o -> random.o) but distdoctor
#    never creates a random_device (scripts/build-release.sh checks): a copy with the reference
#    weakened is linked instead;
#  - __libc_single_threaded (2.32): cmake/portable/glibc_compat.cpp.
set(DD_GLIBC_SYSROOT "" CACHE PATH "Old glibc to link the DD_PORTABLE binary against (scripts/glibc-sysroot.sh)")
if(DD_GLIBC_SYSROOT)
  if(NOT DD_PORTABLE)
    message(FATAL_ERROR "DD_GLIBC_SYSROOT needs DD_PORTABLE=ON")
  endif()
  if(NOT EXISTS ${DD_GLIBC_SYSROOT}/usr/lib/x86_64-linux-gnu/libc_nonshared.a)
    message(FATAL_ERROR "DD_GLIBC_SYSROOT=${DD_GLIBC_SYSROOT} has no libc_nonshared.a (run scripts/glibc-sysroot.sh)")
  endif()
  find_library(DD_LLVM_UNWIND_LIB NAMES libunwind.a PATHS /usr/lib/llvm-14/lib NO_DEFAULT_PATH REQUIRED)
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libstdc++.a
                  OUTPUT_VARIABLE DD_LIBSTDCXX_A OUTPUT_STRIP_TRAILING_WHITESPACE)
  add_link_options(--sysroot=${DD_GLIBC_SYSROOT} -B${DD_GLIBC_SYSROOT}/usr/lib/x86_64-linux-gnu/
                   -L${DD_GLIBC_SYSROOT}/usr/lib/x86_64-linux-gnu -L${DD_GLIBC_SYSROOT}/lib/x86_64-linux-gnu
                   -pthread)
endif()

# dd_portable_glibc(TARGET): the DD_GLIBC_SYSROOT additions for an executable (no-op without it).
function(dd_portable_glibc target)
  if(NOT DD_GLIBC_SYSROOT)
    return()
  endif()
  set(dir ${CMAKE_BINARY_DIR}/portable-glibc)
  add_custom_command(OUTPUT ${dir}/random-weak.o
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
    COMMAND ${CMAKE_AR} x --output=${dir} ${DD_LIBSTDCXX_A} random.o
    COMMAND ${CMAKE_OBJCOPY} --weaken-symbol=arc4random ${dir}/random.o ${dir}/random-weak.o
    DEPENDS ${DD_LIBSTDCXX_A}
    COMMENT "libstdc++.a(random.o) with arc4random weakened")
  set_source_files_properties(${dir}/random-weak.o PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
  target_sources(${target} PRIVATE ${CMAKE_SOURCE_DIR}/cmake/portable/glibc_compat.cpp ${dir}/random-weak.o)
  target_link_libraries(${target} PRIVATE -Wl,--whole-archive ${DD_LLVM_UNWIND_LIB} -Wl,--no-whole-archive)
endfunction()
