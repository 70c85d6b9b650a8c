#!/bin/bash
# 3 nodes on one bridge: node0 198.18.84.10 and fd00:18:84::10; node1/node2 IPv4 only (198.18.84.11/12, IPv6
# off: no address in fd00:18:84::/64, no route to it). Planted: every node's /etc/hosts maps c4node0 (MASTER_ADDR)
# to fd00:18:84::10 only, as an AAAA-only DNS name would.
cd "$(dirname "$0")"; . ../lib.sh
c4_switch c4br0
for i in 0 1 2; do c4_node $i c4eth0 198.18.84.1$i/24; HOSTADDR[$i]=198.18.84.1$i; done
ip -n c4n0 addr add fd00:18:84::10/64 dev c4eth0 nodad
for i in 1 2; do ip netns exec c4n$i sysctl -qw net.ipv6.conf.c4eth0.disable_ipv6=1; done
HOSTADDR[0]=fd00:18:84::10
c4_hosts_default
c4_main 3
