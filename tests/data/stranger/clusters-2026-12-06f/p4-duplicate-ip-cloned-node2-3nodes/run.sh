#!/bin/bash
# p4: node2 is a clone of node1's image and kept its static address: both have 198.19.100.11/24 on c7eth0;
# every /etc/hosts (the inventory) says c7node2 = 198.19.100.12. GLOO_SOCKET_IFNAME=c7eth0 on every node.
cd "$(dirname "$0")"; P=c7d; . ../lib.sh
c6_switch c7br0
c6_node 0 c7eth0 198.19.100.10/24; c6_node 1 c7eth0 198.19.100.11/24; c6_node 2 c7eth0 198.19.100.11/24
HOSTADDR[0]=198.19.100.10; HOSTADDR[1]=198.19.100.11; HOSTADDR[2]=198.19.100.12
c6_hosts_default
for i in 0 1 2; do echo 'export GLOO_SOCKET_IFNAME=c7eth0' >> "$RUN/env.$i"; done
c6_main
