# System tests for `distdoctor lint`: the real binary over tests/data/lint (exit codes, --json shape
# with locations, text output, the Windows errors of the seeds, the public examples clean, bad
# inputs) and --here against this machine's real interfaces.
foreach(case windows public json text usage here)
  add_test(NAME system.lint.${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/lint_cases.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR}/tests/data/lint ${case})
  set_tests_properties(system.lint.${case} PROPERTIES LABELS system TIMEOUT 60)
endforeach()

# Bounded fuzz run of the Python / shell / Dockerfile / YAML front ends (clang, ASan/UBSan).
add_test(NAME system.fuzz.lint COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/run_lint_fuzz.sh ${CMAKE_SOURCE_DIR} 15)
set_tests_properties(system.fuzz.lint PROPERTIES LABELS "system;fuzz" TIMEOUT 600)
