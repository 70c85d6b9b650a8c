#!/bin/bash
# W3: planted cause: node0's nftables input drops tcp dport 29500 (MASTER_PORT: the torch store) from the start;
#     both ranks under one `distdoctor watch`; then the printed `nft delete rule` is run in node0 while the job hangs
WORK=$(cd "$(dirname "$0")" && pwd); cd /work/eval-clusters; . ./lib.sh
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
MADDR=evqnode0; W=2; RANKS="0 1"; STEPS=8; . ./w_common.sh
( for t in $(seq 1 200); do grep -q "^ERROR" $WORK/watch.err 2>/dev/null && break; sleep 1; done; sleep 2
  cmd=$(grep -m1 -o "nft delete rule [^\`]*" $WORK/watch.err | sed 's/[[:space:]]*$//')
  echo "$(date -u +%T) applying in evqn0: $cmd" > $WORK/fix-applied.txt
  [ -n "$cmd" ] && ip netns exec evqn0 $cmd >> $WORK/fix-applied.txt 2>&1
  sleep 60; echo "$(date -u +%T) giving up: TERM watch" >> $WORK/fix-applied.txt; pkill -TERM -P $$ -x distdoctor ) &
echo $! >> $WORK/pids
nice -n 10 $DD watch --no-color --stall 10 --log $WORK/job.log --json -- $WORK/ranks.sh > $WORK/watch.json 2> $WORK/watch.err
echo "watch exit $?" >> $WORK/watch.err
