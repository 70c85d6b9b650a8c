#!/bin/bash
# p2: node1 has a second NIC c9eth1 cabled to a switch nobody else is on (c9br1), configured with an address in the
# SAME subnet (198.19.108.21/24) and brought up before c9eth0: its connected route 198.19.108.0/24 dev c9eth1 comes
# first, so node1 sends everything for the subnet out of c9eth1, into nowhere.
cd "$(dirname "$0")"; P=c9b; . ../lib.sh; export RUN
c6_switch c9br0 c9br1
HOSTADDR[0]=198.19.108.10; HOSTADDR[1]=198.19.108.11; HOSTADDR[2]=198.19.108.12
c6_node 0 c9eth0 198.19.108.10/24
c6_node 1 c9eth1 198.19.108.21/24 c9br1     # planted: second NIC, same subnet, isolated, first
c6_node 1 c9eth0 198.19.108.11/24
c6_node 2 c9eth0 198.19.108.12/24
c6_hosts_default
echo "node1 routes:"; ip -n ${P}n1 route; echo "node1: ip route get 198.19.108.10: $(ip -n ${P}n1 route get 198.19.108.10 | head -1)"
JOB_LIMIT=${JOB_LIMIT:-240} c6_main
