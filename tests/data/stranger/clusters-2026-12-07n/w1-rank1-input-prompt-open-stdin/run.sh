#!/bin/bash
# w1: at step 4 rank 1 asks on stdout (no newline) "rank 1: checkpoint folder /tmp/c15ckpt/rank1 is not empty;
# overwrite it? [y/N] " and waits in input(): the launcher on node1 leaves the job's stdin open (a FIFO held open
# read-write by the harness, like a terminal or an ssh session nobody types into), so the read never ends.
# Rank 1's main thread sleeps in read(0) (pipe_read); rank 0 waits in step 4's all_reduce.
# Fix now: type an answer into rank 1's stdin (`echo y > $RUN/stdin.1`); for the job: run it with stdin from
# /dev/null (input() then raises EOFError) or remove the prompt.
cd "$(dirname "$0")"; P=c15e; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c15br0
HOSTADDR[0]=198.19.136.10; HOSTADDR[1]=198.19.136.11
c6_node 0 c15eth0 198.19.136.10/24
c6_node 1 c15eth0 198.19.136.11/24
c6_hosts_default
for i in 0 1; do printf 'export STEP_SLEEP=2\n' >> "$RUN/env.$i"; done
c6_stdin_fifo 1                                                                                          # planted
during_job() { local d=$1 p; c6_wait_log "$d/job.rank1.txt" 'overwrite it' 500 || { echo "no prompt"; return; }
  local k; for k in $(seq 1 30); do sleep 10
    echo "$(date -u +%T) rank 1 last line: $(tail -c 200 "$d/job.rank1.txt" | tail -n 1)"
    for p in $(c6_rank_pids 1); do echo "  pid $p $(grep -E '^State' /proc/$p/status | tr -s '\t\n ' ' ') wchan $(cat /proc/$p/wchan) syscall $(cut -d' ' -f1-2 /proc/$p/syscall) fd0 $(readlink /proc/$p/fd/0)"; done
    grep -q 'rank 1 done' "$d/job.rank1.txt" && break; done; }
truefix() { echo "truefix: echo y > \$RUN/stdin.1"; echo y > "$RUN/stdin.1"; echo "rc=$?"; }
if [ "${PHASE:-}" = job ]; then ( c6_wait_log out-bare/job.rank1.txt 'rank 1 step 3' 500; sleep 100; echo "bare: harness applies the manifest fix after 100 s"; truefix; ) >> bare-truefix.txt 2>&1 & BG+=($!); fi
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain prompt
