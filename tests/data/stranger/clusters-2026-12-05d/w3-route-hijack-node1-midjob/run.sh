#!/bin/bash
# 2 nodes 198.18.169.10-11. Planted mid-job: once rank 1 has printed step 3, node1 gets a host route to
# node0 through a gateway that does not exist (198.18.169.99): node1's packets to node0 go nowhere (the
# neighbour lookup fails), node0's packets still reach node1. Both ranks' processes stay alive.
cd "$(dirname "$0")"; . ../lib.sh
c5_switch c5br0
for i in 0 1; do c5_node $i c5eth0 198.18.169.1$i/24; HOSTADDR[$i]=198.18.169.1$i; done
c5_hosts_default
during_job() {   # DIR
  local t=0
  while (( t < 400 )); do grep -q 'rank 1 step 3' "$1/job.rank1.txt" 2>/dev/null && break; sleep 0.5; t=$((t+1)); done
  ip -n c5n1 route add 198.18.169.10/32 via 198.18.169.99 dev c5eth0 && echo "planted at $(date -u +%T): route 198.18.169.10 via 198.18.169.99 on node1"
  ip -n c5n1 route
}
AFTER_LIMIT=240 c5_wmain 2 normal
