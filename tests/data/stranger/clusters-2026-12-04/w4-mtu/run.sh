#!/bin/bash
# W4: planted cause: both nodes MTU 9000 (offloads off, like a physical NIC), node1's switch port MTU 1500:
#     the store and Gloo handshakes (small) pass, the first 1 MiB all_reduce does not. Both ranks under one watch.
WORK=$(cd "$(dirname "$0")" && pwd); cd /work/eval-clusters; . ./lib.sh
trap cleanup EXIT INT TERM; : > $WORK/pids
mk_switch; mk_node 0 198.18.77.10 evqe0 9000 9000; mk_node 1 198.18.77.11 evqe0 9000 1500
for i in 0 1; do ip netns exec evqn$i ethtool -K evqe0 tso off gso off gro off; done
for i in 0 1; do std_hosts $WORK/hosts.$i "198.18.77.10 evqnode0" "198.18.77.11 evqnode1"; done
# FIX=1: apply the printed fix (`ip link set evqe0 mtu 1500` on every node) before the job; output under after-fix/
if [ "$FIX" = 1 ]; then for i in 0 1; do ip netns exec evqn$i ip link set evqe0 mtu 1500; done; mkdir -p $WORK/after-fix; cp $WORK/hosts.* $WORK/after-fix/ 2>/dev/null; WORK=$WORK/after-fix; : > $WORK/pids; fi
MADDR=evqnode0; W=2; RANKS="0 1"; STEPS=8; . ./w_common.sh
nice -n 10 $DD watch --no-color --stall 10 --on-stall kill --log $WORK/job.log --json -- $WORK/ranks.sh > $WORK/watch.json 2> $WORK/watch.err
echo "watch exit $?" >> $WORK/watch.err
