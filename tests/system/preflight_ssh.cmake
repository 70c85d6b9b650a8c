# preflight --ssh: rank 0 starts the other nodes through OpenSSH's sshd running inside each
# namespace node (tests/system/preflight/ssh_case.sh).
foreach(c ssh ssh-unreachable)
  add_test(NAME system.preflight.${c}
           COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/preflight/ssh_case.sh $<TARGET_FILE:distdoctor> ${c})
  set_tests_properties(system.preflight.${c} PROPERTIES LABELS system TIMEOUT 300 RESOURCE_LOCK dd_netns_timing)
endforeach()
