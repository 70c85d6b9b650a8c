#!/bin/bash
# node1's env was copied from a single-node run: MASTER_ADDR=localhost (others c8node0)
cd "$(dirname "$0")"; P=c8a; . ../lib.sh
c6_switch c8br0
for i in 0 1 2; do c6_node $i c8eth0 198.19.104.1$i/24; HOSTADDR[$i]=198.19.104.1$i; done
c6_hosts_default
sed -i 's/^export MASTER_ADDR=.*/export MASTER_ADDR=localhost/' "$RUN/env.1"
c6_main
