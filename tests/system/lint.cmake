# System tests for `distdoctor lint`: the real binary over tests/data/lint (exit codes, --json shape
# with locations, text output, the Windows errors of the seeds, the public examples clean, bad
# inputs) and --here against this machine's real interfaces.
foreach(case windows public json text usage here)
  add_test(NAME system.lint.${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/lint_cases.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR}/tests/data/lint ${case})
  set_tests_properties(system.lint.${case} PROPERTIES LABELS system TIMEOUT 60)
endforeach()

# The lint fuzz target (src/lint/lint_fuzz.cpp) is system.fuzz.lint (fuzz.cmake).
