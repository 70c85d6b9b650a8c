#!/bin/bash
# usage: ./run.sh (preflight + real job into out/); PHASE=job|pf ./run.sh (one half); FIX=fix.sh ./run.sh (fix-out/)
cd "$(dirname "$0")"; . ../lib.sh
# planted: node1 drops NEW TCP connections from node2 (198.18.217.12) to its ephemeral ports; node1 -> node2 works
c6_switch c6br0
for i in 0 1 2; do HOSTADDR[$i]=198.18.217.$((10+i)); c6_node $i c6eth0 198.18.217.$((10+i))/26; done
c6_hosts_default
ip netns exec c6n1 nft -f - <<'NFT'
table inet c6fw {
  chain input {
    type filter hook input priority 0; policy accept;
    ip saddr 198.18.217.12 tcp dport 32768-60999 ct state new drop
  }
}
NFT
ip netns exec c6n1 nft -a list ruleset > node1-ruleset.txt
c6_main
