#!/bin/bash
# w1: at step 4 rank 1 starts a licence-heartbeat thread that reads one byte from the FIFO /tmp/c13e-hb.fifo (the
# licence agent never writes) through ctypes.PyDLL("libc.so.6").read: a PyDLL call does not release the GIL, so the
# thread blocks in read() holding the GIL and rank 1's main thread waits for the GIL (futex) after its sleep, before
# step 4's all_reduce; rank 0 waits in that all_reduce. No process is stopped, nothing crashed.
# Fix now: on node1 `echo x > /tmp/c13e-hb.fifo` (the read returns, the GIL is released); for the code: load libc
# with ctypes.CDLL (which releases the GIL around the call).
cd "$(dirname "$0")"; P=c13e; . ../lib.sh; . ../watchlib.sh; export RUN
FIFO=/tmp/c13e-hb.fifo
extra_cleanup() { rm -f $FIFO; }
rm -f $FIFO; mkfifo $FIFO
c6_switch c13br0
HOSTADDR[0]=198.19.124.10; HOSTADDR[1]=198.19.124.11
c6_node 0 c13eth0 198.19.124.10/24
c6_node 1 c13eth0 198.19.124.11/24
c6_hosts_default
for i in 0 1; do printf 'export STEP_SLEEP=2\nexport HB_FIFO=%s\n' $FIFO >> "$RUN/env.$i"; done
during_job() { local d=$1 p t; c6_wait_log "$d/job.rank1.txt" 'licence heartbeat started' 500 || { echo "no heartbeat"; return; }
  local k; for k in $(seq 1 30); do sleep 10
    echo "$(date -u +%T) rank 1 last line: $(tail -n 1 "$d/job.rank1.txt")"
    for p in $(c6_rank_pids 1); do for t in /proc/$p/task/*; do echo "  tid ${t##*/} $(cat $t/comm) $(grep State $t/status | tr -s '\t ' ' ') wchan $(cat $t/wchan) syscall $(cut -d' ' -f1 $t/syscall)"; done; done
    grep -q 'rank 1 done' "$d/job.rank1.txt" && break; done; }
truefix() { echo "truefix: on node1 echo x > $FIFO"; c6_on 1 bash -c "echo x > $FIFO"; echo "rc=$?"; }
if [ "${PHASE:-}" = job ]; then ( c6_wait_log out-bare/job.rank1.txt 'rank 1 step 3' 500; sleep 100; echo "bare: harness applies the manifest fix after 100 s"; truefix; ) >> bare-truefix.txt 2>&1 & BG+=($!); fi
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain gilhold
