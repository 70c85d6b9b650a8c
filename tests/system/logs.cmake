# System tests for `distdoctor logs` (issue 4): the shared corpus of real failure logs, the command
# line end to end, and the libFuzzer run of the line parser (clang, bounded time).
add_test(NAME system.logs.corpus
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/logs/corpus_eval.sh $<TARGET_FILE:distdoctor>
          ${CMAKE_SOURCE_DIR}/../shared/corpus 12)
set_tests_properties(system.logs.corpus PROPERTIES LABELS system TIMEOUT 300)

add_test(NAME system.logs.cli
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/logs/cli_test.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR}/tests/data/logs)
set_tests_properties(system.logs.cli PROPERTIES LABELS system TIMEOUT 120)

# Builds its own clang/libFuzzer binary (the project build may be g++), so it needs no CMake target.
add_test(NAME system.logs.fuzz_line_parser
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/logs/fuzz_line_parser.sh ${CMAKE_SOURCE_DIR} 20)
set_tests_properties(system.logs.fuzz_line_parser PROPERTIES LABELS system TIMEOUT 900)
