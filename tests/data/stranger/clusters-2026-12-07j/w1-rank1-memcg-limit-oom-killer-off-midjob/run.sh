#!/bin/bash
# w1: after step 3 a node-local resource manager moves rank 1's process into a memory cgroup (v1,
# /sys/fs/cgroup/memory/c11e-slot1) with memory.limit_in_bytes=64M and the OOM killer off (memory.oom_control=1);
# no swap. At step 4 rank 1 stages a 256 MiB copy of its weights: its page fault waits in mem_cgroup_oom_synchronize
# (state D) for memory that never comes; rank 0 waits in step 4's all_reduce. memory.oom_control shows under_oom 1.
# Fix: on node1 raise the limit (`echo -1 > /sys/fs/cgroup/memory/c11e-slot1/memory.limit_in_bytes`, or move the pid
# back to /sys/fs/cgroup/memory/cgroup.procs); rank 1 then goes on.
cd "$(dirname "$0")"; P=c11e; . ../lib.sh; . ../watchlib.sh; export RUN
CG=/sys/fs/cgroup/memory/c11e-slot1
extra_cleanup() { local p; if [ -d $CG ]; then echo -1 > $CG/memory.limit_in_bytes; for p in $(cat $CG/cgroup.procs); do echo "$p" > /sys/fs/cgroup/memory/cgroup.procs; done; rmdir $CG; fi; }
c6_switch c11br0
HOSTADDR[0]=198.19.116.10; HOSTADDR[1]=198.19.116.11
c6_node 0 c11eth0 198.19.116.10/24
c6_node 1 c11eth0 198.19.116.11/24
c6_hosts_default
for i in 0 1; do printf 'export STEP_SLEEP=2\n' >> "$RUN/env.$i"; done
during_job() { local d=$1 p; c6_wait_log "$d/job.rank1.txt" 'rank 1 step 3' 500 || { echo "no step 3"; return; }
  mkdir -p $CG; echo 1 > $CG/memory.oom_control; echo 64M > $CG/memory.limit_in_bytes
  for p in $(c6_rank_pids 1); do echo "$p" > $CG/cgroup.procs; echo "$(date -u +%T) planted: rank 1 pid $p into $CG (limit $(cat $CG/memory.limit_in_bytes), $(tr '\n' ' ' < $CG/memory.oom_control))"; done
  local k; for k in $(seq 1 30); do sleep 10; [ -d $CG ] || break
    echo "$(date -u +%T) rank 1 last line: $(tail -n 1 "$d/job.rank1.txt"); $(tr '\n' ' ' < $CG/memory.oom_control) usage $(cat $CG/memory.usage_in_bytes) failcnt $(cat $CG/memory.failcnt)"
    grep -q 'rank 1 done' "$d/job.rank1.txt" && break; done; }
truefix() { echo "truefix: on node1 echo -1 > $CG/memory.limit_in_bytes"; echo -1 > $CG/memory.limit_in_bytes; echo "rc=$? $(tr '\n' ' ' < $CG/memory.oom_control)"; }
if [ "${PHASE:-}" = job ]; then ( c6_wait_log out-bare/job.rank1.txt 'rank 1 step 3' 500; sleep 100; echo "bare: harness applies the manifest fix after 100 s"; truefix; ) >> bare-truefix.txt 2>&1 & BG+=($!); fi
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain oomstage
