# System tests for `distdoctor preflight`: 2-4 network-namespace nodes on a bridge, each with its
# own hostname, each running preflight for real; broken cases then apply the recommendation to the
# real libnccl (dd_nccl_oracle, built by nics.cmake) and a real torch.distributed Gloo job.
# Needs root; fails loudly without it.
set(DD_PREFLIGHT_CASES healthy mgmt-data docker0-duplicate eno1-vs-eth0 ifname-one-node master-port-blocked
    ephemeral-blocked mtu-black-hole hostname-loopback never-starts killed-midway slow-link lossy-link wrong-token)
foreach(c ${DD_PREFLIGHT_CASES})
  if(TARGET dd_nccl_oracle)
    set(dd_oracle $<TARGET_FILE:dd_nccl_oracle>)
  else()
    set(dd_oracle /nonexistent/dd_nccl_oracle)
  endif()
  add_test(NAME system.preflight.${c}
           COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/preflight/run_case.sh $<TARGET_FILE:distdoctor> ${dd_oracle} ${c})
  set_tests_properties(system.preflight.${c} PROPERTIES LABELS system TIMEOUT 180 RUN_SERIAL TRUE)
endforeach()

# The 200 ms delay half of the issue's "20% loss and 200 ms delay" case needs tc netem, which
# this machine's kernel (gVisor) does not offer ("Specified qdisc kind is unknown"). The case
# stays registered but disabled, so ctest lists it as "Not Run (Disabled)" instead of passing it;
# enable it on a kernel with sch_netem. lossy-link covers the 20% loss half with nftables.
set_tests_properties(system.preflight.slow-link PROPERTIES DISABLED TRUE)
