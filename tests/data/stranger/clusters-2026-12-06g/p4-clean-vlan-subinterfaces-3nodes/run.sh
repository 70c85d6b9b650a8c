#!/bin/bash
# clean: job network on VLAN 20 subinterfaces c8eth0.20 (198.19.104.0/24); untagged c8eth0 carries a
# management net 198.19.107.0/24 that works too; host names map to the VLAN addresses; no *_SOCKET_IFNAME
cd "$(dirname "$0")"; P=c8d; . ../lib.sh
c6_switch c8br0
for i in 0 1 2; do
  c6_node $i c8eth0 198.19.107.1$i/24
  ip -n c8dn$i link add link c8eth0 name c8eth0.20 type vlan id 20
  ip -n c8dn$i link set c8eth0.20 up; ip -n c8dn$i addr add 198.19.104.1$i/24 dev c8eth0.20 nodad
  c6_offload_off c8dn$i c8eth0.20; HOSTADDR[$i]=198.19.104.1$i
done
c6_hosts_default
c6_main
