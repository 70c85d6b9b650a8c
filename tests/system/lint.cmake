# System tests for `distdoctor lint`: the real binary over tests/data/lint (exit codes, --json shape
# with locations, text output, the Windows errors of the seeds, the public examples clean, bad
# inputs) and --here against this machine's real interfaces.
foreach(case windows public json text usage here)
  add_test(NAME system.lint.${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/lint_cases.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR}/tests/data/lint ${case})
  set_tests_properties(system.lint.${case} PROPERTIES LABELS system TIMEOUT 60)
endforeach()

# The lint fuzz target (src/lint/lint_fuzz.cpp) is system.fuzz.lint (fuzz.cmake).

# lint for tools (issue 31): --format text|github|sarif (SARIF checked against the published schema
# in tests/data/sarif with Debian's python3-jsonschema), --fail-on, --select/--ignore, inline ignore.
add_test(NAME system.lint.formats
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/formats.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR}/tests/data/lint
          ${CMAKE_SOURCE_DIR}/tests/data/sarif/sarif-schema-2.1.0.json)
set_tests_properties(system.lint.formats PROPERTIES LABELS system TIMEOUT 120)

# .pre-commit-hooks.yaml through Debian's pre-commit (try-repo on this source tree, offline).
add_test(NAME system.lint.pre-commit
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/pre_commit.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR})
set_tests_properties(system.lint.pre-commit PROPERTIES LABELS system TIMEOUT 120)

# Hostile YAML (issue 31): billion laughs cut in < 1 s with lint.input.cut; deep nesting bounded.
add_test(NAME system.lint.hostile
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/hostile.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR}/tests/data/lint)
set_tests_properties(system.lint.hostile PROPERTIES LABELS system TIMEOUT 120)

# Issue 27: every rule whose fix is an edit applied with --fix and with --diff | patch, checked by
# the real parsers and by lint again; coverage against docs/lint.md (root: a netns for --here).
add_test(NAME system.lint.roundtrip
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/roundtrip.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR})
# 52 cases, each linted five times (ASan builds on a shared host take minutes; 12 min at load 23): the
# limit catches a hang, not slowness
set_tests_properties(system.lint.roundtrip PROPERTIES LABELS system TIMEOUT 1200)

# lint.torch.master-addr-localhost's env:// fix with the launcher that starts the file (mp.spawn in
# it, srun or torchrun in a shell file linted with it), applied and run as a real Gloo job.
add_test(NAME system.lint.env-init
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/env_init.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR}/tests/data/lint)
set_tests_properties(system.lint.env-init PROPERTIES LABELS system TIMEOUT 600)

# fix-2026-12-06k p12 (timeout=1800) and p16 (join_timeout=30m): torch's own error before, the Gloo
# job through torchrun's c10d rendezvous after lint --fix.
add_test(NAME system.lint.fix50-jobs
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/fix50_jobs.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR}/tests/data/lint)
set_tests_properties(system.lint.fix50-jobs PROPERTIES LABELS system TIMEOUT 600)

# fix-2026-12-06l (fix51): p04 (rank 0's release) and p01 (c10d for srun torchrun --node_rank=0) as
# torch Gloo jobs before and after lint --fix, p26/p11/p16/p13 through Python/bash/PyYAML, p23 through
# env --export in bash.
add_test(NAME system.fix.fix51-cases
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/fix51_cases.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR})
set_tests_properties(system.fix.fix51-cases PROPERTIES LABELS system TIMEOUT 600)
