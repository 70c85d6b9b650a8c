#!/bin/bash
# p3: node2 was once the master of an LVS-DR / keepalived pair and still holds the old service VIP, which is node0's
# address now: `ip addr add 198.19.124.10/32 dev lo` on node2, with arp_ignore=1/arp_announce=2 (so node2 does not
# answer ARP for it and node0, node1 are unaffected). On node2, 198.19.124.10 is a local address: rank 2's
# connect to c13node0:29400 stays on node2 (nothing listens there: refused). /etc/hosts right, no firewall.
# Fix: on node2 `ip addr del 198.19.124.10/32 dev lo`.
cd "$(dirname "$0")"; P=c13c; . ../lib.sh; export RUN
c6_switch c13br0
HOSTADDR[0]=198.19.124.10; HOSTADDR[1]=198.19.124.11; HOSTADDR[2]=198.19.124.12
c6_node 0 c13eth0 198.19.124.10/24
c6_node 1 c13eth0 198.19.124.11/24
c6_node 2 c13eth0 198.19.124.12/24
c6_hosts_default
ip netns exec ${P}n2 sysctl -qw net.ipv4.conf.all.arp_ignore=1 net.ipv4.conf.all.arp_announce=2            # planted
ip -n ${P}n2 addr add 198.19.124.10/32 dev lo                                                                   # planted
echo "node2 lo: $(ip -n ${P}n2 -br addr show lo)"; ip -n ${P}n2 route get 198.19.124.10
JOB_LIMIT=${JOB_LIMIT:-150} c6_main
