#!/bin/bash
# p2: 3 nodes on one switch; node2's launcher config says MASTER_PORT=29410 (the others 29400).
cd "$(dirname "$0")"; P=c7b; . ../lib.sh
c6_switch c7br0
for i in 0 1 2; do c6_node $i c7eth0 198.19.100.1$i/24; HOSTADDR[$i]=198.19.100.1$i; done
c6_hosts_default
echo 'export MASTER_PORT=29410' >> "$RUN/env.2"
c6_main
