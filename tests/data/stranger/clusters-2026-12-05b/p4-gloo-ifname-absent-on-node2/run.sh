#!/bin/bash
cd "$(dirname "$0")"; . ../lib.sh
c3_switch c3br0
c3_node 0 c3eth0 198.18.64.10/24; c3_node 1 c3eth0 198.18.64.11/24; c3_node 2 c3eth1 198.18.64.12/24
HOSTADDR=([0]=198.18.64.10 [1]=198.18.64.11 [2]=198.18.64.12); c3_hosts_default
for i in 0 1 2; do printf 'export NCCL_SOCKET_IFNAME=c3eth\nexport GLOO_SOCKET_IFNAME=c3eth0\n' >> "$RUN/env.$i"; done  # planted: copied env
c3_main 3
