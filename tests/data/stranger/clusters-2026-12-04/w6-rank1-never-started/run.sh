#!/bin/bash
# W6: planted cause: rank 1 (node1) is never started (its launcher line was forgotten); rank 0 runs under watch on node0 (WORLD_SIZE=2)
WORK=$(cd "$(dirname "$0")" && pwd); cd /work/eval-clusters; . ./lib.sh
trap cleanup EXIT INT TERM; : > $WORK/pids
mk_switch; mk_node 0 198.18.77.10; mk_node 1 198.18.77.11
for i in 0 1; do std_hosts $WORK/hosts.$i "198.18.77.10 evqnode0" "198.18.77.11 evqnode1"; done
MADDR=evqnode0; W=2; RANKS="0"; STEPS=8; . ./w_common.sh
nice -n 10 timeout 150 $DD watch --no-color --stall 10 --on-stall kill --log $WORK/job.log --json -- $WORK/ranks.sh > $WORK/watch.json 2> $WORK/watch.err
echo "watch exit $?" >> $WORK/watch.err
