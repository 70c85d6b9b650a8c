#!/bin/bash
# w2: at step 4 rank 0 sends rank 1 a small tensor point-to-point with dist.send(tag=4); rank 1 waits for it with
# dist.recv(src=0, tag=5) (the tag constant was changed on one side only). Gloo matches send and recv by tag: rank 0
# waits in send, rank 1 in recv, for ever (JOB_TIMEOUT 1800). Both are in p2p operations with each other, not in a
# collective; both printed "rank N step 3" last.
# Fix: make the tags agree (for this job: `export RECV_TAG=4` on node1, i.e. the code's recv tag = the send tag);
# restart the job (the ranks cannot be unstuck at run time).
cd "$(dirname "$0")"; P=c15f; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c15br0
HOSTADDR[0]=198.19.136.10; HOSTADDR[1]=198.19.136.11
c6_node 0 c15eth0 198.19.136.10/24
c6_node 1 c15eth0 198.19.136.11/24
c6_hosts_default
for i in 0 1; do printf 'export STEP_SLEEP=2\n' >> "$RUN/env.$i"; done
during_job() { local d=$1 i p; c6_wait_log "$d/job.rank1.txt" 'rank 1 step 3' 500 || { echo "no step 3"; return; }
  local k; for k in $(seq 1 12); do sleep 10
    for i in 0 1; do echo "$(date -u +%T) rank $i last line: $(tail -n 1 "$d/job.rank$i.txt")"
    for p in $(c6_rank_pids $i); do echo "  pid $p $(grep -E '^State' /proc/$p/status | tr -s '\t\n ' ' ') threads $(ls /proc/$p/task | wc -l)"; done; done
    grep -q 'rank 1 done' "$d/job.rank1.txt" && break; done; }
truefix() { echo "truefix: the manifest fix (RECV_TAG=4 on node1) needs a restart: nothing applied at run time (manifestfix.sh, rerun)"; }
BARE_LIMIT=${BARE_LIMIT:-150} c6_wmain p2ptag
