#!/bin/bash
# p4 (clean): the topology of p1 (see there): nodes 0 and 1 have two NICs: c15eth0 on the job net 198.19.136.0/24 (switch c15br0) and c15eth1 on a storage
# net 198.19.137.0/24 (c15br1); node2 only c15eth0. node1 keeps a stale host route `198.19.136.10/32 dev c15eth1 src 198.19.136.11`
# (master traffic once pinned to the storage net) and has LOOSE reverse-path filtering (rp_filter=2 on all and
# c15eth0). node1's packets to node0 leave by c15eth1 (node0 answers ARP for .136.10 there, rp_filter 0 on node0),
# node0's replies (and node0's own SYNs) come back on node1's c15eth0, whose reverse path to 198.19.136.10 is
# c15eth1: node1 drops them (were rp_filter strict). node1 <-> node2 and node0 <-> node2 are clean.
# Here node1's rp_filter is 2 (loose): the asymmetric path is accepted; nothing blocks the job. Correct outcome: OK
# (a warning about the asymmetric route is fair; a blocking verdict is a false alarm).
cd "$(dirname "$0")"; P=c15d; . ../lib.sh; export RUN
c6_switch c15br0 c15br1
HOSTADDR[0]=198.19.136.10; HOSTADDR[1]=198.19.136.11; HOSTADDR[2]=198.19.136.12
c6_node 0 c15eth0 198.19.136.10/24
c6_node 0 c15eth1 198.19.137.10/24 c15br1
c6_node 1 c15eth0 198.19.136.11/24
c6_node 1 c15eth1 198.19.137.11/24 c15br1
c6_node 2 c15eth0 198.19.136.12/24
c6_hosts_default
for i in 0 2; do for k in all default c15eth0 c15eth1; do ip netns exec ${P}n$i sysctl -qw net.ipv4.conf.$k.rp_filter=0 2>/dev/null; done; done
ip -n ${P}n1 route add 198.19.136.10/32 dev c15eth1 src 198.19.136.11                                                       # planted
for k in all default c15eth0 c15eth1; do ip netns exec ${P}n1 sysctl -qw net.ipv4.conf.$k.rp_filter=${RPF:-2}; done  # planted
echo "node1: $(ip -n ${P}n1 route get 198.19.136.10 | head -n1); rp_filter all=$(ip netns exec ${P}n1 sysctl -n net.ipv4.conf.all.rp_filter)"
JOB_LIMIT=${JOB_LIMIT:-150} c6_main
