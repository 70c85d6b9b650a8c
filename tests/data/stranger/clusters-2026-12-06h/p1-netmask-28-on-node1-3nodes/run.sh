#!/bin/bash
# p1: node1's address was configured with a /28 netmask (198.19.108.11/28) instead of the network's /24; node0 (.10)
# is inside node1's /28, node2 (.40) is not: node1 has no route to node2, and its answers to node2 are not routed.
cd "$(dirname "$0")"; P=c9a; . ../lib.sh; export RUN
c6_switch c9br0
HOSTADDR[0]=198.19.108.10; HOSTADDR[1]=198.19.108.11; HOSTADDR[2]=198.19.108.40
c6_node 0 c9eth0 198.19.108.10/24
c6_node 1 c9eth0 198.19.108.11/28          # planted: the wrong netmask
c6_node 2 c9eth0 198.19.108.40/24
c6_hosts_default
for i in 0 1 2; do echo "node$i: $(ip -n ${P}n$i -br addr show c9eth0)"; done
JOB_LIMIT=${JOB_LIMIT:-240} c6_main
