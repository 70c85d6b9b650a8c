#!/bin/bash
# p3: node2 is a clone of node1's VM and kept its MAC address: both c10eth0 have 02:c1:0a:00:00:11 on one switch.
# The bridge learns that MAC on whichever port sent last: frames for node1 reach node2 (and are dropped there,
# the IP is not node2's) and the other way round; node1 <-> node2 frames never leave the bridge (destination
# learned on the sender's own port). Addresses are all different. Fix: on node2 give c10eth0 a MAC of its own:
# `ip link set dev c10eth0 down && ip link set dev c10eth0 address 02:c1:0a:00:00:12 && ip link set dev c10eth0 up`.
cd "$(dirname "$0")"; P=c10c; . ../lib.sh; export RUN
c6_switch c10br0
HOSTADDR[0]=198.19.112.10; HOSTADDR[1]=198.19.112.11; HOSTADDR[2]=198.19.112.12
c6_node 0 c10eth0 198.19.112.10/24
c6_node 1 c10eth0 198.19.112.11/24
c6_node 2 c10eth0 198.19.112.12/24
for i in 1 2; do                                            # planted: node2 gets node1's MAC
  ip -n ${P}n$i link set dev c10eth0 down; ip -n ${P}n$i link set dev c10eth0 address 02:c1:0a:00:00:11; ip -n ${P}n$i link set dev c10eth0 up
done
ip -n ${P}n0 link set dev c10eth0 down; ip -n ${P}n0 link set dev c10eth0 address 02:c1:0a:00:00:10; ip -n ${P}n0 link set dev c10eth0 up
c6_hosts_default
sleep 2
for i in 0 1 2; do echo "node$i: $(ip -n ${P}n$i -br link show c10eth0) $(ip -n ${P}n$i -br addr show c10eth0)"; done
JOB_LIMIT=${JOB_LIMIT:-240} c6_main
