# System tests for `distdoctor logs` (issues 4, 8): real failure logs (tests/corpus/logs with its
# frozen dev / held-out split, plus the shared corpus counted as dev), the command line end to end,
# and the libFuzzer run of the line parser (clang, bounded time). The corpus test prints dev and
# held-out first-finding accuracy per label. It fails below 85 % dev / 65 % held-out: 65 % is the
# held-out figure measured when the split was last scored (13 of 20, a regression floor). Issue 8's
# target is 75 % held-out and is NOT met yet; raise the floor as held-out accuracy improves.
add_test(NAME system.logs.corpus
  COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/logs/corpus_split_eval.py $<TARGET_FILE:distdoctor>
          ${CMAKE_SOURCE_DIR}/tests/corpus/logs ${CMAKE_SOURCE_DIR}/../shared/corpus
          --min-dev 0.85 --min-heldout 0.65)
set_tests_properties(system.logs.corpus PROPERTIES LABELS system TIMEOUT 900)

add_test(NAME system.logs.cli
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/logs/cli_test.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR}/tests/data/logs)
set_tests_properties(system.logs.cli PROPERTIES LABELS system TIMEOUT 300)

# Builds its own clang/libFuzzer binary (the project build may be g++), so it needs no CMake target.
add_test(NAME system.logs.fuzz_line_parser
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/logs/fuzz_line_parser.sh ${CMAKE_SOURCE_DIR} 20)
set_tests_properties(system.logs.fuzz_line_parser PROPERTIES LABELS system TIMEOUT 900)
