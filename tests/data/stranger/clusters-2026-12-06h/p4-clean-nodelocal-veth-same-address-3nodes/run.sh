#!/bin/bash
# p4 (clean): every node carries a node-local interface with the SAME address, like a CNI's node-local DNS cache
# (nodelocaldns, 169.254.20.10 in real clusters; 198.19.109.10/32 here): a veth pair c9nodelocaldns/c9nld0 inside
# the node (no dummy module on this kernel), created before c9eth0, so it comes first in the interface list.
# NCCL_SOCKET_IFNAME=c9eth0 on every node (as such clusters set it); Gloo follows the host name (-> c9eth0).
cd "$(dirname "$0")"; P=c9d; . ../lib.sh; export RUN
c6_switch c9br0
HOSTADDR[0]=198.19.108.10; HOSTADDR[1]=198.19.108.11; HOSTADDR[2]=198.19.108.12
for i in 0 1 2; do
  c6_ns ${P}n$i
  ip -n ${P}n$i link add c9nodelocaldns type veth peer name c9nld0
  ip -n ${P}n$i addr add 198.19.109.10/32 dev c9nodelocaldns
  ip -n ${P}n$i link set c9nld0 up; ip -n ${P}n$i link set c9nodelocaldns up
  c6_node $i c9eth0 ${HOSTADDR[$i]}/24
done
c6_hosts_default
for i in 0 1 2; do echo 'export NCCL_SOCKET_IFNAME=c9eth0' >> "$RUN/env.$i"; done
ip -n ${P}n0 -br addr
JOB_LIMIT=${JOB_LIMIT:-240} c6_main
