#!/bin/bash
cd "$(dirname "$0")"; . ../lib.sh
c3_switch c3br0
for i in 0 1 2 3; do c3_node $i c3eth0 198.18.62.1$i/24; HOSTADDR[$i]=198.18.62.1$i; done
c3_hosts_default
sed -i 's/^198.18.62.10 c3node0$/198.18.62.99 c3node0/' "$RUN/hosts.3"   # planted: stale entry on node3, unused address
c3_main 4
