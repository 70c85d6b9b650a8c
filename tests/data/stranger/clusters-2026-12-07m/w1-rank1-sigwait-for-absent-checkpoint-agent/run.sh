#!/bin/bash
# w1: at step 4 rank 1 blocks SIGUSR1 and waits in signal.sigwait({SIGUSR1}) for the node's checkpoint agent to signal
# "shard copied, go on"; the agent is not running on node1, so no signal comes. Rank 1's only thread sleeps in
# rt_sigtimedwait (wchan do_sigtimedwait; SigBlk has bit 10 = SIGUSR1); its last line says it waits for SIGUSR1.
# Rank 0 waits in step 4's all_reduce. Nothing stopped, nothing crashed.
# Fix now: on node1 `kill -USR1 <rank 1's pid>`; for the code/ops: start the checkpoint agent (or wait with a timeout).
cd "$(dirname "$0")"; P=c14e; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c14br0
HOSTADDR[0]=198.19.128.10; HOSTADDR[1]=198.19.128.11
c6_node 0 c14eth0 198.19.128.10/24
c6_node 1 c14eth0 198.19.128.11/24
c6_hosts_default
for i in 0 1; do printf 'export STEP_SLEEP=2\n' >> "$RUN/env.$i"; done
during_job() { local d=$1 p; c6_wait_log "$d/job.rank1.txt" 'waiting for its SIGUSR1' 500 || { echo "no wait"; return; }
  local k; for k in $(seq 1 30); do sleep 10
    echo "$(date -u +%T) rank 1 last line: $(tail -n 1 "$d/job.rank1.txt")"
    for p in $(c6_rank_pids 1); do echo "  pid $p $(grep -E '^(State|SigBlk)' /proc/$p/status | tr -s '\t\n ' ' ') wchan $(cat /proc/$p/wchan) syscall $(cut -d' ' -f1 /proc/$p/syscall)"; done
    grep -q 'rank 1 done' "$d/job.rank1.txt" && break; done; }
truefix() { local p; for p in $(c6_rank_pids 1); do echo "truefix: on node1 kill -USR1 $p"; c6_on 1 kill -USR1 "$p"; echo "rc=$?"; done; }
if [ "${PHASE:-}" = job ]; then ( c6_wait_log out-bare/job.rank1.txt 'rank 1 step 3' 500; sleep 100; echo "bare: harness applies the manifest fix after 100 s"; truefix; ) >> bare-truefix.txt 2>&1 & BG+=($!); fi
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain sigresume
