# Issue 27 (tests/system/lint/fix_cases.sh): printed fixes applied as a user applies them, then
# checked by bash (argv after expansion), /usr/bin/python3 ast, PyYAML and json, and by running
# distdoctor again.
foreach(case quoting tfdata k8s input missed env_values env_ifname stranger6 stranger8 stranger9 stranger10)
  add_test(NAME system.fix.${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/fix_cases.sh $<TARGET_FILE:distdoctor> ${case})
  # the limit catches a hang: under a load of 20 on 2 cores stranger9 took 87 s
  set_tests_properties(system.fix.${case} PROPERTIES LABELS system TIMEOUT 300)
endforeach()
# stranger10 lints and fixes every case of the tenth run and runs a two-rank Gloo job.
set_tests_properties(system.fix.stranger10 PROPERTIES TIMEOUT 600)
