# System tests for `distdoctor bench`: namespace nodes on a bridge (preflight's lib.sh) running the
# real binary. Needs root; fails loudly without it (usage needs neither).
foreach(c usage healthy killed p2p tune)
  add_test(NAME system.bench.${c}
           COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/bench/run_case.sh $<TARGET_FILE:distdoctor> ${c})
  set_tests_properties(system.bench.${c} PROPERTIES LABELS system TIMEOUT 180 RUN_SERIAL TRUE)
endforeach()

# --backend nccl: the real libnccl without a GPU (exit 2, says why) and the fake one (every op
# exact, corruption caught). Needs neither root nor namespaces.
set(DD_BENCH_NCCL_LIB /usr/local/cuda/lib64/libnccl.so.2 CACHE FILEPATH "real libnccl for system.bench.nccl")
add_test(NAME system.bench.nccl
         COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/bench/run_case.sh $<TARGET_FILE:distdoctor> nccl
                 $<TARGET_FILE:dd_fake_nccl_bench> ${DD_BENCH_NCCL_LIB})
set_tests_properties(system.bench.nccl PROPERTIES LABELS system TIMEOUT 120)
