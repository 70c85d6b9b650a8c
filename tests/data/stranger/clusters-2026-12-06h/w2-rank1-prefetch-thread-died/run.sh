#!/bin/bash
# w2: rank 1's hand-written prefetch thread cannot open SHARD_DIR/shard4 on node1 (the shard was never copied there):
# FileNotFoundError kills the thread ("Exception in thread prefetch"), the main thread waits forever in queue.get()
# for batch 4, rank 0 waits in step 4's all_reduce. No live fix (the thread is gone): copy shard4 to node1 and
# relaunch (and make the consumer fail fast: q.get(timeout=...) / pass the thread's exception to the main thread).
cd "$(dirname "$0")"; P=c9f; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c9br0
HOSTADDR[0]=198.19.108.10; HOSTADDR[1]=198.19.108.11
c6_node 0 c9eth0 198.19.108.10/24
c6_node 1 c9eth0 198.19.108.11/24
c6_hosts_default
for i in 0 1; do mkdir -p "$RUN/shards.$i"; for s in 0 1 2 3 4 5 6 7; do head -c 65536 /dev/urandom > "$RUN/shards.$i/shard$s"; done
  echo "export SHARD_DIR=$RUN/shards.$i" >> "$RUN/env.$i"; done
rm "$RUN/shards.1/shard4"                     # planted: shard4 missing on node1
truefix() { echo "truefix: no live fix (the prefetch thread is dead); ending the job, copying shard4 to node1, relaunching (PHASE=fixjob)"; c6_kill_python; }
if [ "${PHASE:-}" = fixjob ]; then cp "$RUN/shards.0/shard4" "$RUN/shards.1/shard4"; rm -rf fixjob-out; JOB_TIMEOUT=1800 JOB_LIMIT=300 c6_job fixjob-out prefetch; exit; fi
BARE_LIMIT=${BARE_LIMIT:-300} c6_wmain prefetch
