#!/bin/bash
# 2 nodes 198.18.89.10-11; planted: at step 4 rank 1 reads its next shard from a FIFO that nobody writes (a stalled
# stream / hung network file): main thread blocked in read(); rank 0 waits in all_reduce
cd "$(dirname "$0")"; . ../lib.sh
c4_switch c4br0
for i in 0 1; do c4_node $i c4eth0 198.18.89.1$i/24; HOSTADDR[$i]=198.18.89.1$i; done
c4_hosts_default
mkfifo "$RUN/shard.fifo"; echo "export SHARD=$RUN/shard.fifo" >> "$RUN/env.1"
on_verdict() {  # manifest fix: the input arrives (4096 bytes written into the FIFO); printed fixes recorded
  echo "printed fix lines:"; grep -h '^ *fix:' "$1"/watch.rank*.err | sort | uniq -c | cut -c1-400
  echo "writing 4096 bytes into the shard FIFO"; timeout 10 bash -c "head -c 4096 /dev/zero > '$RUN/shard.fifo'"; echo "rc=$?"
}
c4_wmain 2 fifo
