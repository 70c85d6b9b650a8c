# The release artefacts: README's main command (scripts/run-check.sh, which builds through
# scripts/build-release.sh) builds the portable binary, its man page and completions and the .deb
# once (fixture dd_release, folder release-portable in this build) and runs check; the tests check
# what a user gets from each, the binary included on Debian 11 (oldroot).
set(DD_RELEASE_DIR ${CMAKE_BINARY_DIR}/release-portable)
add_test(NAME system.release.build
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/release/readme_build.sh ${CMAKE_SOURCE_DIR} ${DD_RELEASE_DIR})
set_tests_properties(system.release.build PROPERTIES LABELS system TIMEOUT 1800 FIXTURES_SETUP dd_release)
add_test(NAME system.release.portable
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/release/portable.sh ${DD_RELEASE_DIR}/distdoctor $<TARGET_FILE:distdoctor>)
add_test(NAME system.release.install COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/release/install.sh ${DD_RELEASE_DIR})
add_test(NAME system.release.deb
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/release/deb.sh ${DD_RELEASE_DIR}/distdoctor_${PROJECT_VERSION}_amd64.deb)
set_tests_properties(system.release.portable system.release.install system.release.deb PROPERTIES
  LABELS system TIMEOUT 300 FIXTURES_REQUIRED dd_release)
# The release binary on an older distribution: a cached Debian 11 (glibc 2.31) debootstrap minbase
# root under oldroot-cache (first run: 215 MB and 501 s measured on the loaded 2-core machine; then
# 15-20 s).
add_test(NAME system.release.oldroot
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/release/oldroot.sh ${DD_RELEASE_DIR}/distdoctor $<TARGET_FILE:distdoctor>
          ${CMAKE_BINARY_DIR}/oldroot-cache ${CMAKE_SOURCE_DIR}/tests/corpus/logs/accelerate-1317/log.txt
          ${DD_RELEASE_DIR}/distdoctor_${PROJECT_VERSION}_amd64.deb)
set_tests_properties(system.release.oldroot PROPERTIES LABELS system TIMEOUT 1800 FIXTURES_REQUIRED dd_release)
