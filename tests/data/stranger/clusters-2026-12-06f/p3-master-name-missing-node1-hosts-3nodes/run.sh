#!/bin/bash
# p3: 3 nodes, MASTER_ADDR=c7node0 (no DNS; names come from /etc/hosts); node1's /etc/hosts has no c7node0 line.
cd "$(dirname "$0")"; P=c7c; . ../lib.sh
c6_switch c7br0
for i in 0 1 2; do c6_node $i c7eth0 198.19.100.1$i/24; HOSTADDR[$i]=198.19.100.1$i; done
c6_hosts_default
sed -i '/ c7node0$/d' "$RUN/hosts.1"
c6_main
