#!/bin/bash
# p2: node0 (rank 0, the master) was brought up by a network script that configures only its NIC: its loopback
# interface lo is DOWN. Packets to the node's own addresses (127.0.0.1 and 198.19.120.10 itself) are routed over
# lo and go nowhere: rank 0's own connect to its TCPStore at c12node0:29400 (= 198.19.120.10) times out, while
# node1 and node2 reach node0 fine. /etc/hosts correct everywhere, no firewall.
# Fix: on node0 `ip link set dev lo up`.
cd "$(dirname "$0")"; P=c12b; . ../lib.sh; export RUN
c6_switch c12br0
HOSTADDR[0]=198.19.120.10; HOSTADDR[1]=198.19.120.11; HOSTADDR[2]=198.19.120.12
c6_node 0 c12eth0 198.19.120.10/24
c6_node 1 c12eth0 198.19.120.11/24
c6_node 2 c12eth0 198.19.120.12/24
ip -n ${P}n0 link set dev lo down                                                                          # planted
c6_hosts_default
for i in 0 1 2; do echo "node$i: $(ip -n ${P}n$i -br addr show c12eth0)"; done; echo "node0 lo: $(ip -n ${P}n0 -br link show lo)"
JOB_LIMIT=${JOB_LIMIT:-150} c6_main
