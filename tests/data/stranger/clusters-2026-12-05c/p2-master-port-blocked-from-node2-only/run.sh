#!/bin/bash
# 3 nodes 198.18.81.10-12; node0's nftables drops MASTER_PORT 29400 from node2's address only (node1 passes)
cd "$(dirname "$0")"; . ../lib.sh
c4_switch c4br0
for i in 0 1 2; do c4_node $i c4eth0 198.18.81.1$i/24; HOSTADDR[$i]=198.18.81.1$i; done
ip netns exec c4n0 nft -f - <<'NFT'
table inet c4fw {
  chain input {
    type filter hook input priority 0; policy accept;
    ip saddr 198.18.81.12 tcp dport 29400 drop
  }
}
NFT
ip netns exec c4n0 nft -a list ruleset > "$RUN/ruleset0.txt"
c4_hosts_default
c4_main 3
D=out; [ -n "${FIX:-}" ] && D=fix-out; mkdir -p "$D"; cp "$RUN/ruleset0.txt" "$D/node0-ruleset-before.txt"; ip netns exec c4n0 nft -a list ruleset > "$D/node0-ruleset-end.txt"
