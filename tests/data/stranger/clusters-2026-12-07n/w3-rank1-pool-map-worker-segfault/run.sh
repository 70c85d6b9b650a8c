#!/bin/bash
# w3: at step 4 rank 1 prints "rank 1 decoding 6 records with 2 workers" and calls multiprocessing.Pool(2).map over
# the records in REC_DIR ($RUN/records, rec0..rec5); rec3 is corrupt (starts with 0xde 0xad) and the decoder worker
# dies of SIGSEGV on it. Pool starts a replacement worker, but the lost task's result never comes: rank 1's main
# thread waits in pool.map (a futex) for ever, its two (new and old) workers idle (state S), rank 0 in step 4's
# all_reduce. Nothing of the job exited except the one worker.
# Fix: the corrupt record (replace rec3 with a good record, then rerun: manifestfix.sh); in code, a pool that
# reports a dead worker (concurrent.futures.ProcessPoolExecutor raises BrokenProcessPool).
cd "$(dirname "$0")"; P=c15g; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c15br0
HOSTADDR[0]=198.19.136.10; HOSTADDR[1]=198.19.136.11
c6_node 0 c15eth0 198.19.136.10/24
c6_node 1 c15eth0 198.19.136.11/24
c6_hosts_default
for i in 0 1; do printf 'export STEP_SLEEP=2\n' >> "$RUN/env.$i"; done
mkdir -p "$RUN/records"; for r in 0 1 2 4 5; do head -c 4096 /dev/urandom | sed 's/^/r/' > "$RUN/records/rec$r"; done
printf '\xde\xad corrupt record\n' > "$RUN/records/rec3"                                                    # planted
printf 'export REC_DIR=%s\n' "$RUN/records" >> "$RUN/env.1"
during_job() { local d=$1 p; c6_wait_log "$d/job.rank1.txt" 'decoding' 500 || { echo "no decoding"; return; }
  local k; for k in $(seq 1 12); do sleep 10
    echo "$(date -u +%T) rank 1 last line: $(tail -n 1 "$d/job.rank1.txt")"
    for p in $(ip netns pids ${P}n1); do [ "$(cat /proc/$p/comm)" = python3 ] || continue
      echo "  pid $p ppid $(awk '/^PPid/{print $2}' /proc/$p/status) $(grep -E '^State' /proc/$p/status | tr -s '\t\n ' ' ') wchan $(cat /proc/$p/wchan)"; done
    grep -q 'rank 1 done' "$d/job.rank1.txt" && break; done; }
truefix() { echo "truefix: the manifest fix (a good rec3) needs a restart: nothing applied at run time (manifestfix.sh, rerun)"; }
BARE_LIMIT=${BARE_LIMIT:-150} c6_wmain poolcrash
