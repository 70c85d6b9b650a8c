#!/bin/bash
# at step 4 rank 0 calls all_reduce, rank 1 broadcast; one watch per node, merged at rank 0
cd "$(dirname "$0")"; . ../lib.sh
c3_switch c3br0
for i in 0 1; do c3_node $i c3eth0 198.18.69.2$i/24; HOSTADDR[$i]=198.18.69.2$i; done
c3_hosts_default
c3_wmain 2 bcast
