#!/bin/bash
# 2 nodes 198.18.90.10-11; planted: at step 4 rank 1's main thread waits for a threading.Lock that its own
# checkpoint thread holds forever (main thread in futex, outside any collective); rank 0 waits in all_reduce
cd "$(dirname "$0")"; . ../lib.sh
c4_switch c4br0
for i in 0 1; do c4_node $i c4eth0 198.18.90.1$i/24; HOSTADDR[$i]=198.18.90.1$i; done
c4_hosts_default
AFTER_LIMIT=4
on_verdict() { echo "printed fix lines:"; grep -h '^ *fix:' "$1"/watch.rank*.err | sort | uniq -c | cut -c1-400; }
c4_wmain 2 lock
