#!/bin/bash
# 2 nodes 198.18.168.10-11. Planted: at step 4 rank 1 runs an external command (`sh -c 'sleep 3600'`, a
# checkpoint upload that never returns) through subprocess.run and waits for it; rank 0 waits in all_reduce.
cd "$(dirname "$0")"; . ../lib.sh
c5_switch c5br0
for i in 0 1; do c5_node $i c5eth0 198.18.168.1$i/24; HOSTADDR[$i]=198.18.168.1$i; done
c5_hosts_default
c5_wmain 2 subproc
