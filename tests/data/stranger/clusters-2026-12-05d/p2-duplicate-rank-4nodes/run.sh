#!/bin/bash
# 4 nodes 198.18.162.10-13. Planted: node3 is launched with rank 2 (a copy-pasted launch line): two nodes
# claim rank 2, rank 3 is nobody's.
cd "$(dirname "$0")"; . ../lib.sh
c5_switch c5br0
for i in 0 1 2 3; do c5_node $i c5eth0 198.18.162.1$i/24; HOSTADDR[$i]=198.18.162.1$i; done
c5_hosts_default
echo 'export C5_RANK=2' >> "$RUN/env.3"      # planted
c5_main 4
