#!/bin/bash
# P1: planted cause: node0 (master) nftables drops incoming tcp dport 29500 (MASTER_PORT)
WORK=$(cd "$(dirname "$0")" && pwd); cd /work/eval-clusters; . ./lib.sh; . ./pf_common.sh
trap cleanup EXIT INT TERM; : > $WORK/pids
mk_switch; mk_node 0 198.18.77.10; mk_node 1 198.18.77.11
for i in 0 1; do std_hosts $WORK/hosts.$i "198.18.77.10 evqnode0" "198.18.77.11 evqnode1"; done
ip netns exec evqn0 nft -f - <<'NFT'
table inet evqfw {
  chain input { type filter hook input priority 0; policy accept;
    tcp dport 29500 drop
  }
}
NFT
ip netns exec evqn0 nft -a list ruleset > $WORK/ruleset.txt
MADDR=evqnode0; MPORT=29501   # top-level printed fix: export MASTER_PORT=29501
run_preflight pf 2
maybe_fix 2
