#!/bin/bash
# p2: node2 keeps a policy-routing rule left by a VPN client: `ip rule add to 198.19.124.10/32 lookup 113 pref 100`,
# and table 113 holds `198.19.124.10 via 198.19.124.1 dev c13eth0 onlink` (198.19.124.1: no such host). The main
# table is clean (198.19.124.0/24 dev c13eth0), so `ip route` looks right, but `ip route get 198.19.124.10` on node2
# says "via 198.19.124.1 table 113": node2's packets to node0 (its connects and its replies) go to a gateway that
# does not answer ARP. node1 <-> node2 and node0 <-> node1 are fine.
# Fix: on node2 `ip rule del pref 100` (and `ip route flush table 113`).
cd "$(dirname "$0")"; P=c13b; . ../lib.sh; export RUN
c6_switch c13br0
HOSTADDR[0]=198.19.124.10; HOSTADDR[1]=198.19.124.11; HOSTADDR[2]=198.19.124.12
c6_node 0 c13eth0 198.19.124.10/24
c6_node 1 c13eth0 198.19.124.11/24
c6_node 2 c13eth0 198.19.124.12/24
c6_hosts_default
ip -n ${P}n2 route add 198.19.124.10/32 via 198.19.124.1 dev c13eth0 onlink table 113                      # planted
ip -n ${P}n2 rule add to 198.19.124.10/32 lookup 113 pref 100                                                 # planted
echo "node2 rules:"; ip -n ${P}n2 rule; echo "node2 main:"; ip -n ${P}n2 route; ip -n ${P}n2 route get 198.19.124.10
JOB_LIMIT=${JOB_LIMIT:-150} c6_main
