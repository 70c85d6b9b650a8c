#!/bin/bash
# w3: after step 3 a node-local policy daemon moves rank 1's process into a CPU cgroup (v1 controller,
# /sys/fs/cgroup/cpu/c10g-limited) with cpu.cfs_quota_us=1000 per cpu.cfs_period_us=1000000: 1 ms of CPU per
# second (a "1m" CPU limit). Every step computes ~20 256x256 matmuls (STEP_WORK=20): rank 1 now needs minutes per
# step, rank 0 waits in all_reduce. Fix: on node1 lift the quota (`echo -1 > /sys/fs/cgroup/cpu/c10g-limited/cpu.cfs_quota_us`,
# or move the pid back to /sys/fs/cgroup/cpu/cgroup.procs).
cd "$(dirname "$0")"; P=c10g; . ../lib.sh; . ../watchlib.sh; export RUN
CG=/sys/fs/cgroup/cpu/c10g-limited
extra_cleanup() { local p; if [ -d $CG ]; then for p in $(cat $CG/cgroup.procs); do echo "$p" > /sys/fs/cgroup/cpu/cgroup.procs; done; rmdir $CG; fi; }
c6_switch c10br0
HOSTADDR[0]=198.19.112.10; HOSTADDR[1]=198.19.112.11
c6_node 0 c10eth0 198.19.112.10/24
c6_node 1 c10eth0 198.19.112.11/24
c6_hosts_default
for i in 0 1; do printf 'export STEP_SLEEP=2\nexport STEP_WORK=20\n' >> "$RUN/env.$i"; done
during_job() { local d=$1 p; c6_wait_log "$d/job.rank1.txt" 'rank 1 step 3' 500 || { echo "no step 3"; return; }
  mkdir -p $CG; echo 1000000 > $CG/cpu.cfs_period_us; echo 1000 > $CG/cpu.cfs_quota_us
  for p in $(c6_rank_pids 1); do echo "$p" > $CG/cgroup.procs; echo "$(date -u +%T) planted: rank 1 pid $p into $CG (quota $(cat $CG/cpu.cfs_quota_us)/$(cat $CG/cpu.cfs_period_us))"; done
  local k; for k in $(seq 1 30); do sleep 10; [ -d $CG ] || break
    echo "$(date -u +%T) rank 1 last line: $(tail -n 1 "$d/job.rank1.txt"); $(grep -E 'nr_throttled|throttled_time' $CG/cpu.stat | tr '\n' ' ')"
    grep -q 'rank 1 done' "$d/job.rank1.txt" && break; done; }
truefix() { echo "truefix: on node1 echo -1 > $CG/cpu.cfs_quota_us"; echo -1 > $CG/cpu.cfs_quota_us; echo "rc=$? $(cat $CG/cpu.stat | tr '\n' ' ')"; }
if [ "${PHASE:-}" = job ]; then ( c6_wait_log out-bare/job.rank1.txt 'rank 1 step 3' 500; sleep 100; echo "bare: harness applies the manifest fix after 100 s"; truefix; ) >> bare-truefix.txt 2>&1 & BG+=($!); fi
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain normal
