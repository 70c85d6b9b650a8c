# The command line across every command (issue 31): help, usage errors, the version, and the
# flags that were ignored or refused (tests/system/cli/walk_commands.sh).
add_test(NAME system.cli.walk
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/cli/walk_commands.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR}/tests/data/logs)
set_tests_properties(system.cli.walk PROPERTIES LABELS system TIMEOUT 300)
