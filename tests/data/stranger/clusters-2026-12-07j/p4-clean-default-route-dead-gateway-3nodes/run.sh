#!/bin/bash
# p4 (clean): an air-gapped cluster whose gateway 198.19.116.1 is switched off: every node's default route points
# at it (no host answers for .1), but all three nodes are on-link on 198.19.116.0/24 and the job needs nothing else.
# Nothing to fix.
cd "$(dirname "$0")"; P=c11d; . ../lib.sh; export RUN
c6_switch c11br0
HOSTADDR[0]=198.19.116.10; HOSTADDR[1]=198.19.116.11; HOSTADDR[2]=198.19.116.12
c6_node 0 c11eth0 198.19.116.10/24
c6_node 1 c11eth0 198.19.116.11/24
c6_node 2 c11eth0 198.19.116.12/24
for i in 0 1 2; do ip -n ${P}n$i route add default via 198.19.116.1 dev c11eth0; done                     # the dead gateway
c6_hosts_default
for i in 0 1 2; do echo "node$i: $(ip -n ${P}n$i -br addr show c11eth0); routes: $(ip -n ${P}n$i route | tr '\n' ';')"; done
JOB_LIMIT=${JOB_LIMIT:-240} c6_main
