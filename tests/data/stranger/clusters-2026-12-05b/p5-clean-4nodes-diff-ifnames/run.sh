#!/bin/bash
cd "$(dirname "$0")"; . ../lib.sh
c3_switch c3br0
c3_node 0 c3eth0 198.18.65.10/24; c3_node 1 c3ens1f0 198.18.65.11/24; c3_node 2 c3enp2s0 198.18.65.12/24; c3_node 3 c3eno1 198.18.65.13/24
HOSTADDR=([0]=198.18.65.10 [1]=198.18.65.11 [2]=198.18.65.12 [3]=198.18.65.13); c3_hosts_default
c3_main 4
