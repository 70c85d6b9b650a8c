#!/bin/bash
# w4 (clean): at step 4 rank 1 prints "reading shard stream" and reads its next shard from the FIFO
# /tmp/c13h-feed.fifo, which a producer on node1 fills with 4 KiB every 2 s for 40 s (80 KiB), then closes; rank 1
# goes on; rank 0 waits ~40 s in step 4's all_reduce. Slow but progressing input; the job finishes by itself.
# Fix: none (a note that rank 1's input is slow is true; STALLED / an ERROR that something is stuck is a false alarm).
cd "$(dirname "$0")"; P=c13h; . ../lib.sh; . ../watchlib.sh; export RUN
FIFO=/tmp/c13h-feed.fifo
extra_cleanup() { rm -f $FIFO; }
rm -f $FIFO; mkfifo $FIFO
c6_switch c13br0
HOSTADDR[0]=198.19.124.10; HOSTADDR[1]=198.19.124.11
c6_node 0 c13eth0 198.19.124.10/24
c6_node 1 c13eth0 198.19.124.11/24
c6_hosts_default
for i in 0 1; do printf 'export STEP_SLEEP=2\nexport FEED_FIFO=%s\n' $FIFO >> "$RUN/env.$i"; done
during_job() { local d=$1
  c6_on 1 timeout 200 bash -c 'exec > "$1"; for k in $(seq 20); do head -c 4096 /dev/zero; sleep 2; done' c13feed $FIFO
  echo "$(date -u +%T) producer done rc=$?"; }
on_verdict() { echo "clean case: no fix applied"; }
BARE_LIMIT=${BARE_LIMIT:-300} c6_wmain slowfeed
