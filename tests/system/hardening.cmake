# Hostile peers and bad bytes (issue 15): attacks on the real binary -- malformed joins with a
# valid proof, floods of bytes and idle connections on rank 0's rendezvous and probe ports (in
# namespace nodes, ../preflight/lib.sh), deep TF_CONFIG, text that is not UTF-8, FIFOs and cut
# .gz logs. Network cases need root; they fail loudly without it.
foreach(c bad-joins memory idle-crowd tf-config-deep text fifo truncated-gz)
  add_test(NAME system.hardening.${c}
           COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/hardening/run_case.sh $<TARGET_FILE:distdoctor> ${c})
  set_tests_properties(system.hardening.${c} PROPERTIES LABELS system TIMEOUT 300)
endforeach()
set_tests_properties(system.hardening.bad-joins system.hardening.memory system.hardening.idle-crowd
                     PROPERTIES RUN_SERIAL TRUE)
