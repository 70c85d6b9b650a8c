#!/bin/bash
# p2: node0 (198.19.136.10) and node1 (.11) on the job net 198.19.136.0/24 (c15br0); node2 (198.19.138.12) on
# 198.19.138.0/24 (c15br2) behind router c15brt (.136.1 / .138.1, forwarding on, no filter); routes both ways.
# node2's net.ipv4.ip_default_ttl is 1 (a leftover of a link-local-only tuning): every packet node2 sends leaves with
# TTL 1 and the router drops it, answering ICMP time-exceeded (node2's SYNs, SYN-ACKs, echo replies alike).
# node0 <-> node1 is clean; nothing of node2's reaches the other subnet.
# Fix: on node2 `sysctl -w net.ipv4.ip_default_ttl=64`.
cd "$(dirname "$0")"; P=c15b; . ../lib.sh; export RUN
c6_switch c15br0 c15br2
HOSTADDR[0]=198.19.136.10; HOSTADDR[1]=198.19.136.11; HOSTADDR[2]=198.19.138.12
c6_node 0 c15eth0 198.19.136.10/24
c6_node 1 c15eth0 198.19.136.11/24
c6_node 2 c15eth0 198.19.138.12/24 c15br2
c6_router c15rt0 c15br0 198.19.136.1/24 c15brt
c6_router c15rt2 c15br2 198.19.138.1/24 c15brt
ip -n ${P}n0 route add 198.19.138.0/24 via 198.19.136.1
ip -n ${P}n1 route add 198.19.138.0/24 via 198.19.136.1
ip -n ${P}n2 route add 198.19.136.0/24 via 198.19.138.1
c6_hosts_default
ip netns exec ${P}n2 sysctl -qw net.ipv4.ip_default_ttl=1                                                   # planted
echo "node2 ttl: $(ip netns exec ${P}n2 sysctl -n net.ipv4.ip_default_ttl)"
JOB_LIMIT=${JOB_LIMIT:-150} c6_main
