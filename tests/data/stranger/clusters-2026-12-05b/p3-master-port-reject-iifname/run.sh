#!/bin/bash
cd "$(dirname "$0")"; . ../lib.sh
c3_switch c3br0
for i in 0 1; do c3_node $i c3eth0 198.18.63.1$i/24; HOSTADDR[$i]=198.18.63.1$i; done
c3_hosts_default
# planted: rank 0's node rejects inbound MASTER_PORT on its NIC (loopback, rank 0's own store client, passes)
ip netns exec c3n0 nft -f - <<'NFT' || exit 1
table inet c3fw {
  chain c3in {
    type filter hook input priority 0; policy accept;
    iifname "c3eth0" tcp dport 29400 reject with tcp reset
  }
}
NFT
ip netns exec c3n0 nft -a list ruleset > setup-ruleset.txt
c3_main 2
