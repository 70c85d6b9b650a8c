#!/bin/bash
# 3 nodes, two networks: c4eth0 198.18.85.1x MTU 9000 end to end (NICs and switch ports), c4eth1 198.18.86.1x
# MTU 1500; every node exports GLOO_SOCKET_IFNAME=c4eth0 NCCL_SOCKET_IFNAME=c4eth0. Nothing planted.
cd "$(dirname "$0")"; . ../lib.sh
c4_switch c4br0 c4br1
for i in 0 1 2; do
  c4_node $i c4eth0 198.18.85.1$i/24 c4br0 9000; HOSTADDR[$i]=198.18.85.1$i
  c4_port c4n$i c4eth1 c4br1 c4p${i}1 198.18.86.1$i/24
done
c4_hosts_default
for i in 0 1 2; do printf 'export GLOO_SOCKET_IFNAME=c4eth0\nexport NCCL_SOCKET_IFNAME=c4eth0\n' >> "$RUN/env.$i"; done
c4_main 3
