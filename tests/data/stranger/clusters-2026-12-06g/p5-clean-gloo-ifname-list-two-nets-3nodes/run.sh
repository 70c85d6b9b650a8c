#!/bin/bash
# clean: two working networks (c8eth0 198.19.104.0/24, c8eth1 198.19.105.0/24) on every node;
# GLOO_SOCKET_IFNAME=c8eth0,c8eth1 and NCCL_SOCKET_IFNAME=c8eth0,c8eth1 everywhere (Gloo uses both)
cd "$(dirname "$0")"; P=c8e; . ../lib.sh
c6_switch c8br0 c8br1
for i in 0 1 2; do c6_node $i c8eth0 198.19.104.1$i/24; c6_node $i c8eth1 198.19.105.1$i/24 c8br1; HOSTADDR[$i]=198.19.104.1$i; done
c6_hosts_default
for i in 0 1 2; do printf 'export GLOO_SOCKET_IFNAME=c8eth0,c8eth1\nexport NCCL_SOCKET_IFNAME=c8eth0,c8eth1\n' >> "$RUN/env.$i"; done
c6_main
