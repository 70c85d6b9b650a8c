#!/bin/bash
# p3: node1's NIC c11eth0 has ARP switched off (`ip link set dev c11eth0 arp off`, left by a script meant for a
# static-neighbour setup): the link is UP with its address, but node1 answers no ARP request and resolves no
# neighbour (its frames go to its own MAC). node1 is cut off from node0 and node2 at layer 2; node0 <-> node2 work.
# Fix: on node1 `ip link set dev c11eth0 arp on`.
cd "$(dirname "$0")"; P=c11c; . ../lib.sh; export RUN
c6_switch c11br0
HOSTADDR[0]=198.19.116.10; HOSTADDR[1]=198.19.116.11; HOSTADDR[2]=198.19.116.12
c6_node 0 c11eth0 198.19.116.10/24
c6_node 1 c11eth0 198.19.116.11/24
c6_node 2 c11eth0 198.19.116.12/24
ip -n ${P}n1 link set dev c11eth0 arp off                                                              # planted
c6_hosts_default
for i in 0 1 2; do echo "node$i: $(ip -n ${P}n$i -br addr show c11eth0)"; done
echo "node1 link: $(ip -n ${P}n1 link show c11eth0 | head -1)"
JOB_LIMIT=${JOB_LIMIT:-240} c6_main
