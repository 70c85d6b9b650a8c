#!/bin/bash
# 3 nodes 198.18.170.10-12. Planted: at step 4 ranks 0 and 1 call dist.new_group([0, 1]) and rank 2 does not
# (torch requires every rank of the default group to call new_group). Ranks 0 and 1 wait in new_group's
# store-based barrier (polling the store every 10 ms), rank 2 goes on to the step's all_reduce and waits for
# ranks 0 and 1.
cd "$(dirname "$0")"; . ../lib.sh
c5_switch c5br0
for i in 0 1 2; do c5_node $i c5eth0 198.18.170.1$i/24; HOSTADDR[$i]=198.18.170.1$i; done
c5_hosts_default
c5_wmain 3 newgroup
