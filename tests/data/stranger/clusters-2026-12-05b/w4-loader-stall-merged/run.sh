#!/bin/bash
# rank 1's DataLoader workers spin for minutes from item 4 (input pipeline); rank 0 waits in all_reduce
cd "$(dirname "$0")"; . ../lib.sh
c3_switch c3br0
for i in 0 1; do c3_node $i c3eth0 198.18.70.1$i/24; HOSTADDR[$i]=198.18.70.1$i; done
c3_hosts_default
c3_wmain 2 loader
