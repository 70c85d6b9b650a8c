# System tests for `distdoctor watch`: real torch.distributed Gloo jobs across two namespace
# nodes (tests/system/watch/run_case.sh), real firewalls and dead peers; needs root.
# wrong-iface (run_case.sh) is not registered yet: it names the cause every time, but under two
# `yes` loads the report came 23-27 s after the first SYN_SENT in 2 of 5 runs (limit 20 s).
set(DD_WATCH_CASES healthy firewall mtu-black-hole rank-killed collective-rank0 merged slow-loader attach signals big-output)
foreach(c ${DD_WATCH_CASES})
  add_test(NAME system.watch.${c}
           COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/watch/run_case.sh $<TARGET_FILE:distdoctor> ${c})
  set_tests_properties(system.watch.${c} PROPERTIES LABELS system TIMEOUT 300 RUN_SERIAL TRUE)
endforeach()
