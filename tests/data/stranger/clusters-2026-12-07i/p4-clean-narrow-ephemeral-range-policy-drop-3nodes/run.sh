#!/bin/bash
# p4 (clean): a site that narrows every node's ephemeral port range (net.ipv4.ip_local_port_range = 40000 40999)
# and firewalls each node with policy drop, accepting loopback, established/related, ICMP, TCP 29400-29401 (the job's
# MASTER_PORT and the next one) and TCP 40000-40999 (exactly that ephemeral range, where Gloo's pair listeners bind).
# Everything the job needs is open: preflight should say OK (no error).
cd "$(dirname "$0")"; P=c10d; . ../lib.sh; export RUN
c6_switch c10br0
HOSTADDR[0]=198.19.112.10; HOSTADDR[1]=198.19.112.11; HOSTADDR[2]=198.19.112.12
c6_node 0 c10eth0 198.19.112.10/24
c6_node 1 c10eth0 198.19.112.11/24
c6_node 2 c10eth0 198.19.112.12/24
for i in 0 1 2; do
  ip netns exec ${P}n$i sysctl -qw net.ipv4.ip_local_port_range="40000 40999"
  ip netns exec ${P}n$i nft -f - <<'NFT'
table inet c10fw {
  chain input {
    type filter hook input priority 0; policy drop;
    iif "lo" accept
    ct state established,related accept
    meta l4proto icmp accept
    tcp dport 29400-29401 accept
    tcp dport 40000-40999 accept
  }
}
NFT
done
c6_hosts_default
for i in 0 1 2; do echo "node$i: $(ip -n ${P}n$i -br addr show c10eth0) $(ip netns exec ${P}n$i sysctl -n net.ipv4.ip_local_port_range)"; done
ip netns exec ${P}n0 nft -a list ruleset
JOB_LIMIT=${JOB_LIMIT:-240} c6_main
