#!/bin/bash
# 3 nodes 198.18.164.10-12. Planted: node1's environment keeps GLOO_SOCKET_IFNAME=lo (left from a test on one
# machine): Gloo on node1 binds 127.0.0.1 and offers it to its peers.
cd "$(dirname "$0")"; . ../lib.sh
c5_switch c5br0
for i in 0 1 2; do c5_node $i c5eth0 198.18.164.1$i/24; HOSTADDR[$i]=198.18.164.1$i; done
c5_hosts_default
echo 'export GLOO_SOCKET_IFNAME=lo' >> "$RUN/env.1"     # planted
c5_main 3
