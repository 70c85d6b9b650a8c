#!/bin/bash
# node2's /etc/hosts lists c8node0 and c8node1 but not its own name c8node2 (no DNS); GLOO_SOCKET_IFNAME unset
cd "$(dirname "$0")"; P=c8b; . ../lib.sh
c6_switch c8br0
for i in 0 1 2; do c6_node $i c8eth0 198.19.104.1$i/24; HOSTADDR[$i]=198.19.104.1$i; done
c6_hosts_default
sed -i '/ c8node2$/d' "$RUN/hosts.2"
c6_main
