#!/bin/bash
# MODE=pipefull: at step 4 rank 1 writes 3.5 MiB of log lines into the stdin pipe of a child "log shipper"
# (sleep 3600) that never reads: rank 1's main thread blocks in write() on a full pipe; rank 0 waits in all_reduce
cd "$(dirname "$0")"; P=c8f; . ../lib.sh; . ../watchlib.sh
c6_switch c8br0
for i in 0 1; do c6_node $i c8eth0 198.19.104.1$i/24; HOSTADDR[$i]=198.19.104.1$i; done
c6_hosts_default
truefix() { local p; for p in $(ip netns pids c8fn1); do [ "$(cat /proc/$p/comm 2>/dev/null)" = sleep ] && { echo "manifest fix: kill stuck log shipper pid $p on node1"; kill "$p"; }; done; }
BARE_LIMIT=120 c6_wmain pipefull
