#!/bin/bash
cd "$(dirname "$0")"; . ../lib.sh
c3_switch c3br0
for i in 0 1; do c3_node $i c3eth0 198.18.68.1$i/24; HOSTADDR[$i]=198.18.68.1$i; done
c3_hosts_default
# planted: node1's OUTPUT chain drops its connections to MASTER_PORT
ip netns exec c3n1 nft -f - <<'NFT' || exit 1
table inet c3fw {
  chain c3out {
    type filter hook output priority 0; policy accept;
    tcp dport 29400 drop
  }
}
NFT
ip netns exec c3n1 nft -a list ruleset > setup-ruleset.txt
c3_main 2
