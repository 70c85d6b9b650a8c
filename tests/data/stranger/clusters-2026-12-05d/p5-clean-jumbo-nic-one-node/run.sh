#!/bin/bash
# 3 nodes 198.18.165.10-12. node1's NIC and its switch port have MTU 9000, every other NIC and port 1500.
# Not a fault for TCP: each end's SYN advertises an MSS from its own MTU and the sender takes the smaller,
# so no TCP segment above 1500 B leaves node1 (a jumbo UDP/ICMP datagram would be lost). Expected: the job
# runs; at most a warning about the differing MTU.
cd "$(dirname "$0")"; . ../lib.sh
c5_switch c5br0
for i in 0 1 2; do
  if [ $i = 1 ]; then c5_node $i c5eth0 198.18.165.1$i/24 c5br0 9000; else c5_node $i c5eth0 198.18.165.1$i/24; fi
  HOSTADDR[$i]=198.18.165.1$i
done
c5_hosts_default
c5_main 3
