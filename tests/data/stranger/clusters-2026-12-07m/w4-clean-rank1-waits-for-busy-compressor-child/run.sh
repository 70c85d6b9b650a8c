#!/bin/bash
# w4 (clean): at step 4 rank 1 prints "rank 1 compressing the previous checkpoint (child process)" and waits
# (subprocess.run) for a child python3 that compresses for 40 s at full CPU, silent; rank 0 waits ~40 s in step 4's
# all_reduce. Then both go on and finish.
# Fix: none (saying rank 1 waits for a busy child is true; an ERROR / STALLED saying something is stuck is a false alarm).
cd "$(dirname "$0")"; P=c14h; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c14br0
HOSTADDR[0]=198.19.128.10; HOSTADDR[1]=198.19.128.11
c6_node 0 c14eth0 198.19.128.10/24
c6_node 1 c14eth0 198.19.128.11/24
c6_hosts_default
for i in 0 1; do printf 'export STEP_SLEEP=2\nexport ZIP_S=40\n' >> "$RUN/env.$i"; done
during_job() { local d=$1 p c; c6_wait_log "$d/job.rank1.txt" 'compressing the previous' 500 || { echo "no child"; return; }
  local k; for k in $(seq 1 8); do sleep 8
    echo "$(date -u +%T) rank 1 last line: $(tail -n 1 "$d/job.rank1.txt")"
    for p in $(c6_rank_pids 1); do echo "  pid $p $(grep State /proc/$p/status | tr -s '\t ' ' ') wchan $(cat /proc/$p/wchan) children $(cat /proc/$p/task/*/children 2>/dev/null)"; for c in $(cat /proc/$p/task/*/children 2>/dev/null); do echo "    child $c $(grep State /proc/$c/status | tr -s '\t ' ' ') utime $(cut -d' ' -f14 /proc/$c/stat)"; done; done
    grep -q 'rank 1 done' "$d/job.rank1.txt" && break; done; }
truefix() { echo "clean case: no manifest fix"; }
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain childzip
