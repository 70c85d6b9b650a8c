#!/bin/bash
# 2 nodes 198.18.163.10-11. Planted: node1's nftables OUTPUT chain drops TCP to ports 32768-60999 (meant to
# stop outgoing connections to high ports; it also drops every packet node1 sends to a peer's ephemeral port:
# Gloo's listeners, preflight's probe ports, and the source ports of connections peers open to node1).
# MASTER_PORT 29400 and the rendezvous 29401 pass.
cd "$(dirname "$0")"; . ../lib.sh
c5_switch c5br0
for i in 0 1; do c5_node $i c5eth0 198.18.163.1$i/24; HOSTADDR[$i]=198.18.163.1$i; done
c5_hosts_default
ip netns exec c5n1 nft -f - <<'NFT'
table inet c5fw {
  chain c5out {
    type filter hook output priority 0; policy accept;
    tcp dport 32768-60999 drop
  }
}
NFT
ip netns exec c5n1 nft -a list ruleset
c5_main 2
