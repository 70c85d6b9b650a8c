# The Windows build (issue 14): scripts/build-windows.sh cross-compiles distdoctor.exe with
# mingw-w64 once (fixture dd_windows, folder windows-exe in this build); system.windows.wine runs
# it under wine64 in a prefix of its own and compares `logs --json` with this build's binary.
set(DD_WINDOWS_DIR ${CMAKE_BINARY_DIR}/windows-exe)
add_test(NAME system.windows.build COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/build-windows.sh ${DD_WINDOWS_DIR})
set_tests_properties(system.windows.build PROPERTIES LABELS system TIMEOUT 1800 FIXTURES_SETUP dd_windows)
add_test(NAME system.windows.wine
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/windows/wine_cases.sh ${DD_WINDOWS_DIR}/distdoctor.exe
          $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/windows-wine)
set_tests_properties(system.windows.wine PROPERTIES LABELS system TIMEOUT 900 FIXTURES_REQUIRED dd_windows)
