#!/bin/bash
cd "$(dirname "$0")"; . ../lib.sh
c3_switch c3br0
for i in 0 1 2; do c3_node $i c3eth0 198.18.70.3$i/24; HOSTADDR[$i]=198.18.70.3$i; done
c3_hosts_default
c3_wmain 3 normal
