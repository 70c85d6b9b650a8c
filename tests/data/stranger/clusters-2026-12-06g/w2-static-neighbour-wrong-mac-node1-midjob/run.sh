#!/bin/bash
# after rank 1's step 3, node1 gets a permanent neighbour entry for 198.19.104.10 (node0) with a wrong MAC
# (02:00:5e:00:00:99, no such NIC): node1's frames to node0 go nowhere; node0 -> node1 still delivered
cd "$(dirname "$0")"; P=c8g; . ../lib.sh; . ../watchlib.sh
c6_switch c8br0
for i in 0 1; do c6_node $i c8eth0 198.19.104.1$i/24; HOSTADDR[$i]=198.19.104.1$i; done
c6_hosts_default
during_job() { c6_wait_log "$1/job.rank1.txt" 'rank 1 step 3' 300 && ip -n c8gn1 neigh replace 198.19.104.10 lladdr 02:00:5e:00:00:99 dev c8eth0 nud permanent && echo "planted: $(ip -n c8gn1 neigh show 198.19.104.10)"; }
truefix() { echo "manifest fix: ip neigh del 198.19.104.10 dev c8eth0 on node1"; ip -n c8gn1 neigh del 198.19.104.10 dev c8eth0; }
BARE_LIMIT=120 c6_wmain normal
