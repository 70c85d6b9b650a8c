#!/bin/bash
# 3 nodes; rank 0 (node0) has the HIGHEST address 198.18.166.12, node1 .11, node2 .10; MASTER_ADDR is the IP
# literal 198.18.166.12. Every node has an nftables input chain with policy drop that accepts loopback,
# established/related, ICMP, TCP 29400-29401 and the ephemeral range 32768-60999 (where Gloo's and
# preflight's listeners take their ports): nothing the job needs is dropped. Expected: OK, the job runs.
cd "$(dirname "$0")"; . ../lib.sh
c5_switch c5br0
for i in 0 1 2; do c5_node $i c5eth0 198.18.166.1$((2-i))/24; HOSTADDR[$i]=198.18.166.1$((2-i)); done
MADDR=198.18.166.12 c5_hosts_default
for i in 0 1 2; do ip netns exec c5n$i nft -f - <<'NFT'
table inet c5fw {
  chain c5in {
    type filter hook input priority 0; policy drop;
    iif "lo" accept
    ct state established,related accept
    meta l4proto { icmp, ipv6-icmp } accept
    tcp dport 29400-29401 accept
    tcp dport 32768-60999 accept
  }
}
NFT
done
ip netns exec c5n0 nft -a list ruleset
c5_main 3
