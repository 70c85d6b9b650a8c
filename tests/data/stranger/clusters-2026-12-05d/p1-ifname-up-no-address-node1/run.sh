#!/bin/bash
# 3 nodes, two networks: c5eth0 198.18.160.1x (c5br0), c5eth1 198.18.161.1x (c5br1). Every node exports
# GLOO_SOCKET_IFNAME=c5eth1 NCCL_SOCKET_IFNAME=c5eth1. Planted: node1's c5eth1 is up but has no IPv4 address
# (only the kernel's IPv6 link-local one).
cd "$(dirname "$0")"; . ../lib.sh
c5_switch c5br0 c5br1
for i in 0 1 2; do
  c5_node $i c5eth0 198.18.160.1$i/24 c5br0; HOSTADDR[$i]=198.18.160.1$i
  if [ $i = 1 ]; then c5_port c5n$i c5eth1 c5br1 c5p${i}1 ""      # planted: no address
  else c5_port c5n$i c5eth1 c5br1 c5p${i}1 198.18.161.1$i/24; fi
done
c5_hosts_default
for i in 0 1 2; do printf 'export GLOO_SOCKET_IFNAME=c5eth1\nexport NCCL_SOCKET_IFNAME=c5eth1\n' >> "$RUN/env.$i"; done
sleep 2   # link-local address out of DAD
c5_main 3
