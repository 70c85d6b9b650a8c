# Issue 27 (tests/system/lint/missed_cases.sh, ctest system.fix.stranger-*): two strangers' inputs lint passed in silence
# or fixed badly (b-*: the second run); each
# rule's fix applied with `lint --fix`, then run through bash (stub srun/torchrun) or
# /usr/bin/python3, and linted again.
foreach(case gpus srun-quotes per-task rendezvous environ strategy
             b-quotes b-port b-slots b-command-env b-nnodes b-cpus b-names)
  add_test(NAME system.fix.stranger-${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/missed_cases.sh $<TARGET_FILE:distdoctor> ${case})
  set_tests_properties(system.fix.stranger-${case} PROPERTIES LABELS system TIMEOUT 60)
endforeach()

# The third stranger's run (tests/data/stranger/lint-2026-12-04c; tests/system/lint/stranger3_cases.sh):
# each rule's fix applied, run through bash (stub srun/torchrun/mpirun/deepspeed), python3 (ast, names
# bound before they are read, a two-rank run of the split branch) or Docker's exec-form JSON, linted again.
# d-*: the fourth stranger's (tests/data/stranger/fix-2026-12-05) fixes that broke the job as printed.
foreach(case c-srun-nnodes c-per-task c-collective c-hvd c-mpirun c-deepspeed c-exec-form c-local-id
             c-ssh-quotes d-autotune d-ifname-read-later)
  add_test(NAME system.fix.stranger-${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/stranger3_cases.sh $<TARGET_FILE:distdoctor> ${case})
  set_tests_properties(system.fix.stranger-${case} PROPERTIES LABELS system TIMEOUT 60)
endforeach()

# The fifth stranger's run (tests/data/stranger/fix-2026-12-05b; tests/system/lint/stranger5_cases.sh): a CRLF
# script (--fix, then the stub torchrun's argv), RANDOM inside $((...)) in srun's string (the printed export
# pasted), setdefault with an int (run with the variable set and unset), a chief's index (pasted, run).
foreach(case e-crlf e-random-arith e-setdefault e-chief-index)
  add_test(NAME system.fix.stranger-${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/stranger5_cases.sh $<TARGET_FILE:distdoctor> ${case})
  set_tests_properties(system.fix.stranger-${case} PROPERTIES LABELS system TIMEOUT 60)
endforeach()

# The sixth stranger's leftovers (tests/data/stranger/fix-2026-12-05c; tests/system/lint/stranger6_cases.sh):
# the steps of an epoch after --unsafe-fixes (stand-in tensorflow), env:// and the variables it reads
# (a two-rank torch Gloo job), --ipc=host in place of --shm-size (stub docker), every --export-format
# with nothing to change (bash, PyYAML, json), CRLF in a .env file (bash sources it) and a Dockerfile,
# MirroredStrategy on Windows as a warning.
foreach(case f-steps f-env-init f-ipc-shm f-export-empty f-crlf-env f-windows-mirrored)
  add_test(NAME system.fix.stranger-${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/stranger6_cases.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR} ${case})
  set_tests_properties(system.fix.stranger-${case} PROPERTIES LABELS system TIMEOUT 120)
endforeach()

# The eleventh stranger's run (tests/data/stranger/fix-2026-12-05h; tests/system/lint/stranger11_cases.sh): a
# CRLF sbatch (--fix, then the stand-in torchrun's argv), a .bat (file and standard input), `$i` in an ssh
# string that sources a virtualenv (--fix, then a fake ssh), env --platform windows's unset against another
# finding's value (--export and every --export-format through bash, PyYAML, json).
foreach(case k-crlf k-bat k-ssh-venv k-windows-order)
  add_test(NAME system.fix.stranger-${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/stranger11_cases.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR} ${case})
  set_tests_properties(system.fix.stranger-${case} PROPERTIES LABELS system TIMEOUT 120)
endforeach()

# The twelfth stranger's run (tests/data/stranger/fix-2026-12-06i; tests/system/lint/stranger12_cases.sh):
# srun python with env:// and no MASTER_ADDR/MASTER_PORT (--fix, a stand-in srun printing each task's
# environment, a two-rank Gloo job), a prefix assignment read by its own command inside srun's string
# (both shapes run by bash), the Windows NCCL warning's evidence, a PowerShell launcher (--fix, its words
# through bash).
foreach(case n-srun-env-init n-prefix-expansion n-windows-nccl n-ps1)
  add_test(NAME system.fix.stranger-${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/stranger12_cases.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR} ${case})
  set_tests_properties(system.fix.stranger-${case} PROPERTIES LABELS system TIMEOUT 120)
endforeach()

# The thirteenth stranger's run (tests/data/stranger/fix-2026-12-06j; tests/system/lint/stranger13_cases.sh):
# TF_CONFIG with $SLURM_PROCID set in each task (a stand-in srun starting 3 tasks, each parsing its
# index), a `^` list with a blank (lint and env agree, the fixed value through env), two socket
# typos (the printed lines in order: 4 sockets per peer), `hostname -i`, node 0's own Compose command,
# a port above 65535 and --standalone on two nodes (each printed fix pasted and run by bash), a node-local
# file:// init (the printed path pasted, a two-rank Gloo job through it). Issue 27: srun --export=NONE with
# env:// (--fix, a stand-in srun honouring --export, a two-rank Gloo job), NCCL_IB_TIMEOUT=5000 in a .env
# file (env --export through bash, lint --fix, env and lint again), a Compose service with GPUs and the
# default /dev/shm (lint --fix, PyYAML, lint again).
foreach(case o-per-task-index o-ifname-exclusion o-socket-product o-hostname-i o-compose-node0 o-port-standalone
    o-init-file p-export-none p-ib-timeout p-compose-shm)
  add_test(NAME system.fix.stranger-${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/stranger13_cases.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR} ${case})
  set_tests_properties(system.fix.stranger-${case} PROPERTIES LABELS system TIMEOUT 120)
endforeach()

# Each stranger*_cases.sh killed under `timeout -s TERM` / `-s INT` leaves no /tmp/dd-stranger*.PID.*
# folder (issue 27; tests/system/lint/stranger_killed.sh).
add_test(NAME system.fix.stranger-killed-cleanup
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/stranger_killed.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR})
set_tests_properties(system.fix.stranger-killed-cleanup PROPERTIES LABELS system TIMEOUT 120)

# The fourteenth stranger's run (tests/data/stranger/fix-2026-12-06k; tests/system/lint/stranger14_cases.sh):
# p28's /dev/shm volume edited (PyYAML: mountPaths unique, medium Memory), p30's .bat `set` fix (no
# bash lines; --fix applied, as cmd splits it), MASTER_ADDR with a scheme or port (env --export through
# bash), prefetch(buffer_size=AUTOTUNE), an inline '# comment' in NCCL_SOCKET_IFNAME (the user's value kept),
# p21's `export NAME = value` (--fix, then bash sets it).
foreach(case o-k8s-shm-medium o-bat-set-blanks o-master-addr-form o-prefetch-autotune o-ifname-comment
    o-export-blanks)
  add_test(NAME system.fix.stranger14-${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/stranger14_cases.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR} ${case})
  set_tests_properties(system.fix.stranger14-${case} PROPERTIES LABELS system TIMEOUT 120)
endforeach()

# The fifteenth stranger's run (tests/data/stranger/fix-2026-12-06l; tests/system/lint/stranger15_cases.sh):
# c02's collective on a group called by exactly its members is quiet and its real job passes; p07's
# new_group on one rank stays found, and its --fix makes the real job pass; p03's MASTER_* assigned
# without export above srun: found, --fix, and the batch script's tasks (a stand-in srun) finish.
foreach(case c02-member-only-group p07-new-group-on-one-rank p03-assigned-not-exported)
  add_test(NAME system.fix.stranger15-${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/stranger15_cases.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR} ${case})
  set_tests_properties(system.fix.stranger15-${case} PROPERTIES LABELS system TIMEOUT 180)
endforeach()

# The sixteenth stranger's run (tests/data/stranger/fix-2026-12-06m; tests/system/lint/stranger16_cases.sh):
# `export RANK=$SLURM_PROCID` in the batch shell (a stand-in srun, a real 2-rank Gloo job before and after
# --fix), MASTER_ADDR from the last node and from `hostname -I` (bash evaluates them before and after
# --fix), horovodrun -H without slots, an accelerate config's loopback main_process_ip on 2 machines, NCCL_IB_RETRY_CNT out of 0..7 and NCCL_NET=IB with IB disabled
# (lint, env, env --export through bash, lint --fix), and clean look-alikes that stay quiet.
foreach(case p02-rank-export-batch p03-master-tail p04-hostname-all p21-horovod-hosts p15-ib-retry
    p16-net-ib-disabled p11-accelerate-config clean-lookalikes)
  add_test(NAME system.fix.stranger16-${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/stranger16_cases.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR} ${case})
  set_tests_properties(system.fix.stranger16-${case} PROPERTIES LABELS system TIMEOUT 180)
endforeach()

# The seventeenth stranger's run (tests/data/stranger/fix-2026-12-07n; tests/system/lint/stranger17_cases.sh):
# p08's barrier after `if rank != 0: return` (--fix, a real 2-rank Gloo job fails before, passes after),
# c09's MASTER_HOST read through $(MASTER_HOST) (quiet), p15's $(VAR) to an env entry defined below it
# (--fix, PyYAML, a Kubernetes-style expansion gives torchrun the endpoint).
foreach(case p08-early-return c09-env-reference p15-env-order)
  add_test(NAME system.fix.stranger17-${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/stranger17_cases.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR} ${case})
  set_tests_properties(system.fix.stranger17-${case} PROPERTIES LABELS system TIMEOUT 120)
endforeach()

# Four of the seventeenth stranger's misses as rules (tests/system/lint/fix53_cases.sh): MASTER_ADDR from
# the whole node list (bash with a stand-in scontrol), the job id as the port (Python's bind), torchrun's
# static rendezvous said aloud without --node_rank (two real torchrun agents, Gloo), a Job reading
# JOB_COMPLETION_INDEX without being Indexed (PyYAML and the stranger's $(VAR) expansion).
foreach(case p01-node-list p03-port-jobid p05-static-rdzv p25-job-indexed)
  add_test(NAME system.fix.fix53-${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/fix53_cases.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR} ${case})
  set_tests_properties(system.fix.fix53-${case} PROPERTIES LABELS system TIMEOUT 180)
endforeach()

# The twenty-first stranger's broken fix (tests/system/lint/fix56_cases.sh): p10's two different
# collectives in an if/else, one finding; each collective it offers, applied as it reads, runs a real
# 2-rank Gloo job to the right mean; p02 (a miss): exports before `sudo torchrun`, a real sudo's env_reset
# before and after --fix.
foreach(case p10-crossed-collectives p02-sudo-env)
  add_test(NAME system.fix.fix56-${case}
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/lint/fix56_cases.sh $<TARGET_FILE:distdoctor> ${CMAKE_SOURCE_DIR} ${case})
  set_tests_properties(system.fix.fix56-${case} PROPERTIES LABELS system TIMEOUT 300)
endforeach()
