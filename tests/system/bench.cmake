# System tests for `distdoctor bench`: namespace nodes on a bridge (preflight's lib.sh) running the
# real binary. Needs root; fails loudly without it (usage needs neither).
foreach(c usage healthy killed p2p tune)
  add_test(NAME system.bench.${c}
           COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/bench/run_case.sh $<TARGET_FILE:distdoctor> ${c})
  set_tests_properties(system.bench.${c} PROPERTIES LABELS system TIMEOUT 180 RUN_SERIAL TRUE)
endforeach()
