# Bounded libFuzzer runs of the parsers and decoders (clang, ASan/UBSan); each target is built by
# run_fuzz.sh from its own sources plus the modules it needs. The logs line parser has its own
# runner (logs.cmake) with 1 MB seed lines. The objects go through ccache in the build tree, so the
# modules every target shares compile once per run.
function(dd_fuzz_test name file)
  add_test(NAME system.fuzz.${name}
    COMMAND ${CMAKE_COMMAND} -E env DD_FUZZ_CCACHE=${CMAKE_BINARY_DIR}/fuzz-ccache
            bash ${CMAKE_CURRENT_LIST_DIR}/fuzz/run_fuzz.sh ${CMAKE_SOURCE_DIR} ${file} 15 ${ARGN})
  set_tests_properties(system.fuzz.${name} PROPERTIES LABELS "system;fuzz" TIMEOUT 900)
endfunction()

dd_fuzz_test(sysfs_link   src/netif/sysfs_link_fuzz.cpp        core os os/fake netif)
dd_fuzz_test(nccl_predict src/nccl/predict_fuzz.cpp            core os os/fake netif nccl)
dd_fuzz_test(ld_cache     src/nccl/library_ld_cache_fuzz.cpp   core os netif nccl)
dd_fuzz_test(env_audit    src/env/env_audit_fuzz.cpp           core os os/fake netif nccl env env/launchers)
dd_fuzz_test(wire         src/cluster/transport/wire_fuzz.cpp            core os os/fake netif firewall nccl env env/launchers check report cluster cluster/transport cluster/analysis)

# lint: the vendored tree-sitter-python grammar is compiled as plain C by run_lint_fuzz.sh.
add_test(NAME system.fuzz.lint
  COMMAND ${CMAKE_COMMAND} -E env DD_FUZZ_CCACHE=${CMAKE_BINARY_DIR}/fuzz-ccache
          bash ${CMAKE_CURRENT_LIST_DIR}/lint/run_lint_fuzz.sh ${CMAKE_SOURCE_DIR} 15)
set_tests_properties(system.fuzz.lint PROPERTIES LABELS "system;fuzz" TIMEOUT 900)
