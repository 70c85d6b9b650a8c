# System tests for `distdoctor env`: the real binary under env -i with bad environments (ids, fixes,
# exit codes, --export applied by a shell), and MASTER_ADDR resolution inside a network namespace
# whose /etc/hosts maps the master's name to 127.0.1.1 (case "hosts" needs root; fails without it);
# v6brackets: a real Gloo job with MASTER_ADDR=[fd00:18::1] in a namespace, before and after the
# printed --export line (root).
foreach(case typo values clean warnings_only tf_config windows export export_lists comm_id usage hosts v6brackets)
  add_test(NAME system.env.${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/env/env_cases.sh $<TARGET_FILE:distdoctor> ${case})
  set_tests_properties(system.env.${case} PROPERTIES LABELS system TIMEOUT 60)
endforeach()

# --export-format torchrun|slurm|tf on the seventh stranger's environments, applied as printed.
add_test(NAME system.env.export-counts
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/env/export_counts.sh $<TARGET_FILE:distdoctor>
          ${CMAKE_SOURCE_DIR}/tests/data/stranger/fix-2026-12-05d/cases)
set_tests_properties(system.env.export-counts PROPERTIES LABELS system TIMEOUT 120)
