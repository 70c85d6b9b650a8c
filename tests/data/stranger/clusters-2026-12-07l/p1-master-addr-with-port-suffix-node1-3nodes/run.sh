#!/bin/bash
# p1: node1's launcher template writes the rendezvous endpoint into MASTER_ADDR: MASTER_ADDR=c13node0:29400
# (node0, node2: MASTER_ADDR=c13node0; MASTER_PORT=29400 everywhere). getaddrinfo("c13node0:29400") fails on node1
# (no such name; no DNS): rank 1 cannot reach the store. /etc/hosts correct everywhere, no firewall.
# Fix: on node1 `export MASTER_ADDR=c13node0` (the port belongs in MASTER_PORT only).
cd "$(dirname "$0")"; P=c13a; . ../lib.sh; export RUN
c6_switch c13br0
HOSTADDR[0]=198.19.124.10; HOSTADDR[1]=198.19.124.11; HOSTADDR[2]=198.19.124.12
c6_node 0 c13eth0 198.19.124.10/24
c6_node 1 c13eth0 198.19.124.11/24
c6_node 2 c13eth0 198.19.124.12/24
c6_hosts_default
sed -i 's/^export MASTER_ADDR=.*/export MASTER_ADDR=c13node0:29400/' "$RUN/env.1"                          # planted
for i in 0 1 2; do echo "node$i: $(ip -n ${P}n$i -br addr show c13eth0) env: $(grep MASTER_ADDR "$RUN/env.$i")"; done
c6_on 1 bash -c 'getent ahostsv4 "$MASTER_ADDR"; echo "getent rc=$?"'
JOB_LIMIT=${JOB_LIMIT:-150} c6_main
