#!/bin/bash
# W7: planted cause: after rank 1 prints step 3, a firewall rule appears on node1: input tcp dport 32768-60999 drop
#     (the ephemeral range; the Gloo pair connection's node1 end and the store clients live there). Both ranks under one watch.
WORK=$(cd "$(dirname "$0")" && pwd); cd /work/eval-clusters; . ./lib.sh
trap cleanup EXIT INT TERM; : > $WORK/pids
mk_switch; mk_node 0 198.18.77.10; mk_node 1 198.18.77.11
for i in 0 1; do std_hosts $WORK/hosts.$i "198.18.77.10 evqnode0" "198.18.77.11 evqnode1"; done
MADDR=evqnode0; W=2; RANKS="0 1"; STEPS=60; . ./w_common.sh
( for t in $(seq 1 240); do grep -q "rank 1 step 3" $WORK/job.log 2>/dev/null && break; sleep 0.5; done
  ip netns exec evqn1 nft -f - <<'NFT'
table inet evqfw {
  chain input { type filter hook input priority 0; policy accept;
    tcp dport 32768-60999 drop
  }
}
NFT
  { date -u +%T; ip netns exec evqn1 nft -a list ruleset; } > $WORK/planted.txt ) &
echo $! >> $WORK/pids
nice -n 10 timeout 150 $DD watch --no-color --stall 10 --on-stall kill --log $WORK/job.log --json -- $WORK/ranks.sh > $WORK/watch.json 2> $WORK/watch.err
echo "watch exit $?" >> $WORK/watch.err
