#!/bin/bash
# p4 (clean): every node's launcher sets MASTER_ADDR=C12NODE0 (upper case, copied from an inventory); every
# /etc/hosts has `198.19.120.10 c12node0` (lower case). Host names are case-insensitive and glibc's files backend
# matches them so: C12NODE0 resolves to 198.19.120.10 on every node. Nothing to fix.
cd "$(dirname "$0")"; P=c12d; . ../lib.sh; export RUN
c6_switch c12br0
HOSTADDR[0]=198.19.120.10; HOSTADDR[1]=198.19.120.11; HOSTADDR[2]=198.19.120.12
c6_node 0 c12eth0 198.19.120.10/24
c6_node 1 c12eth0 198.19.120.11/24
c6_node 2 c12eth0 198.19.120.12/24
MADDR=C12NODE0 c6_hosts_default
for i in 0 1 2; do echo "node$i: $(ip -n ${P}n$i -br addr show c12eth0) env: $(grep MASTER_ADDR "$RUN/env.$i")"; done
c6_on 1 bash -c 'getent hosts "$MASTER_ADDR"'
JOB_LIMIT=${JOB_LIMIT:-150} c6_main
