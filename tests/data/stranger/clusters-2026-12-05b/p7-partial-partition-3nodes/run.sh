#!/bin/bash
cd "$(dirname "$0")"; . ../lib.sh
c3_switch c3br0
for i in 0 1 2; do c3_node $i c3eth0 198.18.67.1$i/24; HOSTADDR[$i]=198.18.67.1$i; done
c3_hosts_default
# planted: node1's and node2's switch ports are isolated from each other (both still reach node0)
bridge -n c3sw link set dev c3p10 isolated on
bridge -n c3sw link set dev c3p20 isolated on
c3_main 3
