# System tests for `distdoctor watch`: real torch.distributed Gloo jobs across two namespace
# nodes (tests/system/watch/run_case.sh), real firewalls and dead peers; needs root.
set(DD_WATCH_CASES healthy firewall wrong-iface mtu-black-hole rank-killed collective-rank0 merged slow-loader attach signals big-output
    plain-recv peer-stopped peer-skips-barrier store-missing-rank env-differs port-dropped rank-stopped
    established-dropped noisy-unresolvable rank-busy link-cut merged-all-wait merged-job-failed merged-store-missing
    merged-loader-spin merged-slow-input merged-sigwait merged-size-mismatch merged-rank-stopped merged3-wrong-port merged3-rank-stopped merged-rank-raised merged-rank-child
    route-hijack new-group own-link-down)
foreach(c ${DD_WATCH_CASES})
  add_test(NAME system.watch.${c}
           COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/watch/run_case.sh $<TARGET_FILE:distdoctor> ${c})
  set_tests_properties(system.watch.${c} PROPERTIES LABELS system TIMEOUT 300 RESOURCE_LOCK dd_netns_timing)
endforeach()
# three ranks importing torch on a loaded host, and a failed job plus the run with its printed fix
# (and the merged cases that wait for a node that never meets, or run the printed fix to the end)
set_tests_properties(system.watch.merged-all-wait system.watch.merged-job-failed system.watch.merged-store-missing
                     system.watch.merged-loader-spin system.watch.merged-rank-stopped system.watch.own-link-down
                     PROPERTIES TIMEOUT 600)
# a rank held up by a wait of its own (clusters-2026-12-06e w1, w3): a stopped loader worker it reads
# from, a key it waits for at the torch store; each applies the printed fix and the job finishes; and
# (w4) a rank that calls two process groups' collectives in another order: named, its code fix run
foreach(c merged-loader-stopped merged-store-get group-order-swapped)
  add_test(NAME system.watch.${c}
           COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/watch/run_case.sh $<TARGET_FILE:distdoctor> ${c})
  set_tests_properties(system.watch.${c} PROPERTIES LABELS system TIMEOUT 600 RESOURCE_LOCK dd_netns_timing)
endforeach()
# clusters-2026-12-06f w1-w3: a rank blocked on a file lock a stray process holds, a node whose own
# address was removed mid-job, a rank dialling a host outside the job that a router drops; each runs
# the printed fix and the job finishes; and clusters-2026-12-06g w1-w3: a rank blocked writing to a pipe its
# reader never drains, a wrong static neighbour entry on node 1, a rank waiting on a service outside the job
foreach(c flock-held own-address-removed outside-host-syn pipe-write-blocked static-neighbour-wrong-mac
        outside-service-recv)
  add_test(NAME system.watch.${c}
           COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/watch/run_case.sh $<TARGET_FILE:distdoctor> ${c})
  set_tests_properties(system.watch.${c} PROPERTIES LABELS system TIMEOUT 600 RESOURCE_LOCK dd_netns_timing)
endforeach()
# clusters-2026-12-06h w1, w4, w2: a rank at a pdb prompt reading its stdin (the printed answer typed
# into it, then the job run again with the printed PYTHONBREAKPOINT=0); every rank computing a long
# step; a rank whose prefetch thread died (the printed kill, the missing file put back, relaunched);
# (w3) an iptables-legacy rule watch cannot read: said so, the printed step shows it, its removal works
# clusters-2026-12-07i w3: a rank its cgroup's CPU quota throttles; clusters-2026-12-07j w1: a rank waiting
# for memory in its memory cgroup's OOM wait (the printed command lifts each limit); clusters-2026-12-07j w2:
# a rank blocked sending to a unix log socket nobody reads (the printed step names the reader);
# clusters-2026-12-07k w1: a rank frozen by a v1 cgroup freezer (the printed thaw command)
foreach(c stdin-prompt all-computing thread-died legacy-drop cpu-throttled memory-wait unix-send-blocked frozen)
  add_test(NAME system.watch.${c}
           COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/watch/run_case.sh $<TARGET_FILE:distdoctor> ${c})
  set_tests_properties(system.watch.${c} PROPERTIES LABELS system TIMEOUT 600 RESOURCE_LOCK dd_netns_timing)
endforeach()
