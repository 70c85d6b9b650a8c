#!/bin/bash
# 3 nodes, two networks: c4eth0 198.18.82.1x (c4br0), c4eth1 198.18.83.1x (c4br1). Every node exports
# GLOO_SOCKET_IFNAME=c4eth1 NCCL_SOCKET_IFNAME=c4eth1. Planted: node1's c4eth1 is administratively down
# (its address stays configured).
cd "$(dirname "$0")"; . ../lib.sh
c4_switch c4br0 c4br1
for i in 0 1 2; do
  c4_node $i c4eth0 198.18.82.1$i/24 c4br0; HOSTADDR[$i]=198.18.82.1$i
  c4_port c4n$i c4eth1 c4br1 c4p${i}1 198.18.83.1$i/24
done
ip -n c4n1 link set c4eth1 down             # planted
c4_hosts_default
for i in 0 1 2; do printf 'export GLOO_SOCKET_IFNAME=c4eth1\nexport NCCL_SOCKET_IFNAME=c4eth1\n' >> "$RUN/env.$i"; done
c4_main 3
