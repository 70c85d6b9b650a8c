#!/bin/bash
# clean: the job network is a VXLAN overlay c8vx0 (VNI 20, 198.19.104.0/24, MTU 1450) over the underlay c8eth0
# (198.19.107.0/24, MTU 1500, which works too); host names map to the overlay addresses; no *_SOCKET_IFNAME
cd "$(dirname "$0")"; P=c8d; . ../lib.sh
c6_switch c8br0
for i in 0 1 2; do c6_node $i c8eth0 198.19.107.1$i/24; done
for i in 0 1 2; do
  ip -n c8dn$i link add c8vx0 type vxlan id 20 dev c8eth0 local 198.19.107.1$i dstport 4789
  for j in 0 1 2; do [ $i = $j ] || ip netns exec c8dn$i bridge fdb append 00:00:00:00:00:00 dev c8vx0 dst 198.19.107.1$j; done
  ip -n c8dn$i link set c8vx0 up; ip -n c8dn$i addr add 198.19.104.1$i/24 dev c8vx0
  c6_offload_off c8dn$i c8vx0; HOSTADDR[$i]=198.19.104.1$i
done
c6_hosts_default
c6_main
