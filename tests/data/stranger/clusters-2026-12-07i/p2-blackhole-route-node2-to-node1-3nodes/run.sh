#!/bin/bash
# p2: node2 kept a blackhole route for node1's address (198.19.112.11/32), left by an earlier incident's
# null-route script: node2 drops everything it sends to node1 (its connects and its SYN-ACKs to node1's connects).
# node0 <-> node1 and node0 <-> node2 work. Fix: on node2 `ip route del blackhole 198.19.112.11`.
cd "$(dirname "$0")"; P=c10b; . ../lib.sh; export RUN
c6_switch c10br0
HOSTADDR[0]=198.19.112.10; HOSTADDR[1]=198.19.112.11; HOSTADDR[2]=198.19.112.12
c6_node 0 c10eth0 198.19.112.10/24
c6_node 1 c10eth0 198.19.112.11/24
c6_node 2 c10eth0 198.19.112.12/24
ip -n ${P}n2 route add blackhole 198.19.112.11/32          # planted
c6_hosts_default
for i in 0 1 2; do echo "node$i: $(ip -n ${P}n$i -br addr show c10eth0)"; done
echo "node2 routes: $(ip -n ${P}n2 route | tr '\n' ';')"
JOB_LIMIT=${JOB_LIMIT:-240} c6_main
