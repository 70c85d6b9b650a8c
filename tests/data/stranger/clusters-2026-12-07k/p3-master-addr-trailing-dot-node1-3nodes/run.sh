#!/bin/bash
# p3: node1's launcher writes the master's name fully qualified with a trailing dot: MASTER_ADDR=c12node0.
# (node0, node2: c12node0). Every /etc/hosts has the correct line `198.19.120.10 c12node0`, no DNS on node1
# (resolv.conf: nameserver 127.0.0.1, nothing listens). glibc's files backend does not match "c12node0." with
# "c12node0": the name does not resolve on node1 only, although /etc/hosts has the right address.
# Fix: on node1 `export MASTER_ADDR=c12node0` (drop the trailing dot; not an /etc/hosts edit).
cd "$(dirname "$0")"; P=c12c; . ../lib.sh; export RUN
c6_switch c12br0
HOSTADDR[0]=198.19.120.10; HOSTADDR[1]=198.19.120.11; HOSTADDR[2]=198.19.120.12
c6_node 0 c12eth0 198.19.120.10/24
c6_node 1 c12eth0 198.19.120.11/24
c6_node 2 c12eth0 198.19.120.12/24
c6_hosts_default
sed -i 's/^export MASTER_ADDR=.*/export MASTER_ADDR=c12node0./' "$RUN/env.1"                               # planted
echo "nameserver 127.0.0.1" > "$RUN/resolv.1"
for i in 0 1 2; do echo "node$i: $(ip -n ${P}n$i -br addr show c12eth0) env: $(grep MASTER_ADDR "$RUN/env.$i")"; done
echo "node1 hosts file:"; cat "$RUN/hosts.1"
c6_on 1 bash -c 'getent hosts "$MASTER_ADDR"; echo "getent $MASTER_ADDR rc=$?"; getent hosts c12node0'
JOB_LIMIT=${JOB_LIMIT:-150} c6_main
