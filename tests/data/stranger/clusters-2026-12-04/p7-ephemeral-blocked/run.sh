#!/bin/bash
# P7: planted cause: node1's firewall only admits the "known" ports 29500-29510 (policy drop, established accepted):
#     Gloo's per-pair listeners on random ports on node1 are unreachable
WORK=$(cd "$(dirname "$0")" && pwd); cd /work/eval-clusters; . ./lib.sh; . ./pf_common.sh
trap cleanup EXIT INT TERM; : > $WORK/pids
mk_switch; mk_node 0 198.18.77.10; mk_node 1 198.18.77.11
for i in 0 1; do std_hosts $WORK/hosts.$i "198.18.77.10 evqnode0" "198.18.77.11 evqnode1"; done
ip netns exec evqn1 nft -f - <<'NFT'
table inet evqfw {
  chain input { type filter hook input priority 0; policy drop;
    iif "lo" accept
    ct state established,related accept
    tcp dport 29500-29510 accept
  }
}
NFT
ip netns exec evqn1 nft -a list ruleset > $WORK/ruleset.txt
MADDR=evqnode0
run_preflight pf 2
run_torch torch-before 2
maybe_fix 2
[ -f $WORK/fix.sh ] && run_torch torch-after-fix 2
