#!/bin/bash
# p1: node1 runs a container engine whose bridge c10docker0 (one container veth port, so it has carrier) was given
# 198.19.112.1/26, a range that overlaps the cluster network 198.19.112.0/24: its connected route 198.19.112.0/26
# is more specific than c10eth0's /24 and covers rank 0's address 198.19.112.10. node1 sends everything for
# .0-.63 (rank 0 included) into the bridge; node2 (.80) is outside the /26 and works with node1.
# Fix: on node1 `ip addr del 198.19.112.1/26 dev c10docker0` (lasting: the engine's bridge range, e.g. docker's "bip",
# outside the cluster network).
cd "$(dirname "$0")"; P=c10a; . ../lib.sh; export RUN
c6_switch c10br0
HOSTADDR[0]=198.19.112.10; HOSTADDR[1]=198.19.112.75; HOSTADDR[2]=198.19.112.80
c6_node 0 c10eth0 198.19.112.10/24
c6_node 1 c10eth0 198.19.112.75/24
c6_node 2 c10eth0 198.19.112.80/24
# planted on node1: the container bridge and one container's veth (its other end, address-less, stays in node1)
ip -n ${P}n1 link add c10docker0 type bridge
ip -n ${P}n1 link add c10vethc1 type veth peer name c10vethc2
ip -n ${P}n1 link set c10vethc1 master c10docker0 up
ip -n ${P}n1 link set c10vethc2 up
ip -n ${P}n1 addr add 198.19.112.1/26 dev c10docker0
ip -n ${P}n1 link set c10docker0 up
c6_hosts_default
sleep 2
for i in 0 1 2; do echo "node$i: $(ip -n ${P}n$i -br addr | tr '\n' ';')"; done
echo "node1 route to rank 0: $(ip -n ${P}n1 route get 198.19.112.10 | head -n 1)"
JOB_LIMIT=${JOB_LIMIT:-240} c6_main
