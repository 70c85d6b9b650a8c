#!/bin/bash
# w3: after rank 1's step 3 a profiler's attach helper (../attacher.py, run on node1) ptrace-attaches to every
# thread of rank 1 (PTRACE_SEIZE + PTRACE_INTERRUPT, as gdb / py-spy do) and hangs without resuming them: every
# thread in tracing stop (state "t"), TracerPid = the helper. `kill -CONT` does not resume a tracee in tracing stop.
# rank 0 waits in step 4's all_reduce.
# Fix: on node1 `kill $(cat /tmp/c13g-tracer.pid)` (end the tracer: its tracees are detached and go on).
cd "$(dirname "$0")"; P=c13g; . ../lib.sh; . ../watchlib.sh; export RUN
TP=/tmp/c13g-tracer.pid
extra_cleanup() { [ -s $TP ] && kill -9 "$(cat $TP)" 2>/dev/null; rm -f $TP; }
c6_switch c13br0
HOSTADDR[0]=198.19.124.10; HOSTADDR[1]=198.19.124.11
c6_node 0 c13eth0 198.19.124.10/24
c6_node 1 c13eth0 198.19.124.11/24
c6_hosts_default
for i in 0 1; do printf 'export STEP_SLEEP=2\n' >> "$RUN/env.$i"; done
during_job() { local d=$1 p t; c6_wait_log "$d/job.rank1.txt" 'rank 1 step 3' 500 || { echo "no step 3"; return; }
  p=$(c6_rank_pids 1 | head -n 1)
  ip netns exec ${P}n1 "$PY" "$HERE/attacher.py" "$p" > "$d/attacher.txt" 2>&1 & echo $! > $TP
  sleep 2; echo "$(date -u +%T) planted: tracer $(cat $TP) on rank 1 pid $p: $(cat $d/attacher.txt)"
  local k; for k in $(seq 1 30); do sleep 10
    echo "$(date -u +%T) rank 1 last line: $(tail -n 1 "$d/job.rank1.txt")"
    for t in /proc/$p/task/*; do echo "  tid ${t##*/} $(cat $t/comm 2>/dev/null) $(grep -E '^(State|TracerPid)' $t/status 2>/dev/null | tr -s '\t\n ' ' ')"; done | head -n 6
    grep -q 'rank 1 done' "$d/job.rank1.txt" && break; done; }
truefix() { echo "truefix: on node1 kill \$(cat $TP) ($(cat $TP))"; c6_on 1 bash -c "kill \$(cat $TP)"; echo "rc=$?"; }
if [ "${PHASE:-}" = job ]; then ( c6_wait_log out-bare/job.rank1.txt 'rank 1 step 3' 500; sleep 100; echo "bare: harness applies the manifest fix after 100 s"; truefix; ) >> bare-truefix.txt 2>&1 & BG+=($!); fi
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain normal
