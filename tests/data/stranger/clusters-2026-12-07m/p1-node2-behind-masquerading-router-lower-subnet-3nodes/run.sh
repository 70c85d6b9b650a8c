#!/bin/bash
# p1: node2 sits behind router c14art (like a node in another VPC / a NATed container network): node2 198.19.130.12/24,
# default via 198.19.130.1; node0 198.19.131.10/24 and node1 198.19.131.11/24 on the job net, with NO route to
# 198.19.130.0/24. The router masquerades what node2 sends out (`ip saddr 198.19.130.0/24 oifname c14eth0 masquerade`),
# so node2 reaches node0's store (c14node0 -> 198.19.131.10), but node0/node1 cannot open connections to node2's
# Gloo address 198.19.130.12 (ENETUNREACH on their side); node2 has the lower address, so it is the side the others dial.
# Every /etc/hosts: c14node0 198.19.131.10, c14node1 198.19.131.11, c14node2 198.19.130.12.
# Fix: on node0 and node1 `ip route add 198.19.130.0/24 via 198.19.131.1` (node2 routable; the router forwards,
# NAT applies only to connections node2 opens).
cd "$(dirname "$0")"; P=c14a; . ../lib.sh; export RUN
c6_switch c14br0 c14br1
HOSTADDR[0]=198.19.131.10; HOSTADDR[1]=198.19.131.11; HOSTADDR[2]=198.19.130.12
c6_node 0 c14eth0 198.19.131.10/24 c14br0
c6_node 1 c14eth0 198.19.131.11/24 c14br0
c6_node 2 c14eth0 198.19.130.12/24 c14br1
c6_router c14eth0 c14br0 198.19.131.1/24
c6_router c14eth1 c14br1 198.19.130.1/24
ip -n ${P}n2 route add default via 198.19.130.1
ip netns exec ${P}rt nft -f - <<'NFT'
table ip c14nat {
  chain post { type nat hook postrouting priority 100; policy accept; ip saddr 198.19.130.0/24 oifname "c14eth0" masquerade; }
}
NFT
c6_hosts_default
echo "node2 route: $(ip -n ${P}n2 route get 198.19.131.10 | head -n1)"; echo "node0 route to node2: $(ip -n ${P}n0 route get 198.19.130.12 2>&1 | head -n1)"
JOB_LIMIT=${JOB_LIMIT:-150} c6_main
