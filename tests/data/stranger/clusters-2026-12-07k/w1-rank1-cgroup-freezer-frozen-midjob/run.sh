#!/bin/bash
# w1: after rank 1's step 3, a node agent (a pause/suspend of rank 1's container) puts rank 1's process into the
# v1 freezer cgroup /sys/fs/cgroup/freezer/c12e-slot1 and sets freezer.state=FROZEN: every thread of rank 1 sits in
# __refrigerator (state D), not stopped by a signal (not T); rank 0 waits in step 4's all_reduce.
# Fix: on node1 `echo THAWED > /sys/fs/cgroup/freezer/c12e-slot1/freezer.state`; rank 1 goes on, the job finishes.
cd "$(dirname "$0")"; P=c12e; . ../lib.sh; . ../watchlib.sh; export RUN
CG=/sys/fs/cgroup/freezer/c12e-slot1
extra_cleanup() { local p; if [ -d $CG ]; then echo THAWED > $CG/freezer.state; for p in $(cat $CG/cgroup.procs); do echo "$p" > /sys/fs/cgroup/freezer/cgroup.procs; done; rmdir $CG; fi; }
c6_switch c12br0
HOSTADDR[0]=198.19.120.10; HOSTADDR[1]=198.19.120.11
c6_node 0 c12eth0 198.19.120.10/24
c6_node 1 c12eth0 198.19.120.11/24
c6_hosts_default
for i in 0 1; do printf 'export STEP_SLEEP=2\n' >> "$RUN/env.$i"; done
during_job() { local d=$1 p; c6_wait_log "$d/job.rank1.txt" 'rank 1 step 3' 500 || { echo "no step 3"; return; }
  mkdir -p $CG
  for p in $(c6_rank_pids 1); do echo "$p" > $CG/cgroup.procs; done
  echo FROZEN > $CG/freezer.state; sleep 1
  echo "$(date -u +%T) planted: rank 1 pid(s) $(cat $CG/cgroup.procs | tr '\n' ' ') in $CG, state $(cat $CG/freezer.state)"
  local k; for k in $(seq 1 30); do sleep 10; [ -d $CG ] || break
    echo "$(date -u +%T) rank 1 last line: $(tail -n 1 "$d/job.rank1.txt"); freezer $(cat $CG/freezer.state); $(for p in $(cat $CG/cgroup.procs); do echo "pid $p $(grep State /proc/$p/status | tr -s '\t ' ' ') wchan $(cat /proc/$p/wchan)"; done)"
    grep -q 'rank 1 done' "$d/job.rank1.txt" && break; done; }
truefix() { echo "truefix: on node1 echo THAWED > $CG/freezer.state"; echo THAWED > $CG/freezer.state; echo "rc=$? state $(cat $CG/freezer.state)"; }
if [ "${PHASE:-}" = job ]; then ( c6_wait_log out-bare/job.rank1.txt 'rank 1 step 3' 500; sleep 100; echo "bare: harness applies the manifest fix after 100 s"; truefix; ) >> bare-truefix.txt 2>&1 & BG+=($!); fi
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain normal
