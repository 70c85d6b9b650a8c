#!/bin/bash
# p3: node2's address was configured with `noprefixroute` (as NetworkManager does) and the connection profile's
# routes are missing: `ip addr` shows 198.19.128.12/24 on c14eth0, but there is no 198.19.128.0/24 route and no default
# route on node2: every packet node2 sends to .10/.11 fails with "Network is unreachable" (its replies too).
# Fix: on node2 `ip route add 198.19.128.0/24 dev c14eth0 src 198.19.128.12`.
cd "$(dirname "$0")"; P=c14c; . ../lib.sh; export RUN
c6_switch c14br0
HOSTADDR[0]=198.19.128.10; HOSTADDR[1]=198.19.128.11; HOSTADDR[2]=198.19.128.12
c6_node 0 c14eth0 198.19.128.10/24
c6_node 1 c14eth0 198.19.128.11/24
c6_node 2 c14eth0 ""
ip -n ${P}n2 addr add 198.19.128.12/24 dev c14eth0 noprefixroute                                               # planted
c6_hosts_default
echo "node2 addr: $(ip -n ${P}n2 -br addr show c14eth0)"; echo "node2 routes: $(ip -n ${P}n2 route)"
JOB_LIMIT=${JOB_LIMIT:-150} c6_main
