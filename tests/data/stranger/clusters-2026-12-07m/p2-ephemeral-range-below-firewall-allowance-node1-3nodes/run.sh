#!/bin/bash
# p2: node1's ip_local_port_range was moved to "20000 29999" (a tuning to keep ephemeral ports away from a service),
# while node1's firewall (nft table inet c14fw, input policy drop) still accepts new TCP only on 22, 29400-29401 and
# the default ephemeral range 32768-60999 (plus lo, established/related, ICMP). Gloo's listening port on node1 is
# drawn from 20000-29999: new connections into it from the other ranks are dropped.
# Fix: on node1 `sysctl -w net.ipv4.ip_local_port_range="32768 60999"` (or open 20000-29999 in c14fw).
cd "$(dirname "$0")"; P=c14b; . ../lib.sh; export RUN
c6_switch c14br0
HOSTADDR[0]=198.19.128.10; HOSTADDR[1]=198.19.128.11; HOSTADDR[2]=198.19.128.12
c6_node 0 c14eth0 198.19.128.10/24
c6_node 1 c14eth0 198.19.128.11/24
c6_node 2 c14eth0 198.19.128.12/24
c6_hosts_default
ip netns exec ${P}n1 sysctl -qw net.ipv4.ip_local_port_range="20000 29999"                                   # planted
ip netns exec ${P}n1 nft -f - <<'NFT'
table inet c14fw {
  chain input { type filter hook input priority 0; policy drop;
    iifname "lo" accept; ct state established,related accept; meta l4proto icmp accept;
    tcp dport { 22, 29400-29401, 32768-60999 } accept; }
}
NFT
echo "node1 range: $(ip netns exec ${P}n1 sysctl -n net.ipv4.ip_local_port_range)"
JOB_LIMIT=${JOB_LIMIT:-150} c6_main
