# `cmake --install`: the binary, a man page and bash/zsh/fish completions. The man page and the
# completions are generated from the built binary's own --help output (the command table and each
# command's options), so they never drift from the CLI. `cpack -G DEB` packages the same tree.
include(GNUInstallDirs)

set(DD_DOCS_DIR ${CMAKE_BINARY_DIR}/docs-generated)
set(DD_DOCS_OUT ${DD_DOCS_DIR}/distdoctor.1 ${DD_DOCS_DIR}/distdoctor.bash ${DD_DOCS_DIR}/_distdoctor
  ${DD_DOCS_DIR}/distdoctor.fish)
add_custom_command(OUTPUT ${DD_DOCS_OUT}
  COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/gen-docs.sh $<TARGET_FILE:distdoctor> ${DD_DOCS_DIR} ${PROJECT_VERSION}
  DEPENDS distdoctor ${CMAKE_SOURCE_DIR}/scripts/gen-docs.sh
  COMMENT "man page and shell completions from distdoctor --help")
add_custom_target(dd_docs ALL DEPENDS ${DD_DOCS_OUT})

install(TARGETS distdoctor RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${DD_DOCS_DIR}/distdoctor.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${DD_DOCS_DIR}/distdoctor.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
  RENAME distdoctor)
install(FILES ${DD_DOCS_DIR}/_distdoctor DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES ${DD_DOCS_DIR}/distdoctor.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME distdoctor)
set(CPACK_PACKAGE_VENDOR "distdoctor")
# The .deb's Maintainer field. The project has no published address yet: whoever publishes packages
# sets theirs (cmake -DDD_PACKAGE_CONTACT="Name <address>"); the default says it is a placeholder.
set(DD_PACKAGE_CONTACT "distdoctor maintainers (placeholder) <distdoctor@localhost>" CACHE STRING
    "Maintainer field of the .deb (Name <address>)")
set(CPACK_PACKAGE_CONTACT "${DD_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "finds why multi-node training hangs (NCCL, Gloo, TF) and prints the fix")
set(CPACK_PACKAGE_FILE_NAME "distdoctor_${PROJECT_VERSION}_amd64")
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE amd64)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # dpkg-shlibdeps: libc6 (>= ...) from the GLIBC_ versions used
if(DD_GLIBC_SYSROOT)
  # Linked against glibc 2.31 (cmake/Portable.cmake). dpkg-shlibdeps would say libc6 (>= 2.34): Debian
  # 12's symbols file raises sysconf@GLIBC_2.2.5's minimum to 2.34, a Debian rule, not a version the
  # binary binds; system.release.oldroot installs the .deb on Debian 11 (2.31).
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS OFF)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "libc6 (>= 2.31)")
endif()
# preflight names the firewall rule that drops a port through libnftables.so.1, loaded at run time
# (os/linux_firewall_source.cpp): recommended, not required.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libnftables1")
set(CPACK_STRIP_FILES ON)
include(CPack)
