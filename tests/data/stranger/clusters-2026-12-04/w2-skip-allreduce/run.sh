#!/bin/bash
# W2: planted cause: at step 6 rank 0 calls an extra all_reduce that rank 1 never calls (rank 1 sleeps instead: a code bug).
#     rank 0 runs under `distdoctor watch` on node0; rank 1 runs bare on node1 (as on a real second host)
WORK=$(cd "$(dirname "$0")" && pwd); cd /work/eval-clusters; . ./lib.sh
trap cleanup EXIT INT TERM; : > $WORK/pids
mk_switch; mk_node 0 198.18.77.10; mk_node 1 198.18.77.11
for i in 0 1; do std_hosts $WORK/hosts.$i "198.18.77.10 evqnode0" "198.18.77.11 evqnode1"; done
MADDR=evqnode0; W=2; RANKS="0"; MODE=skip; . ./w_common.sh
run_in 1 $WORK/hosts.1 env MASTER_ADDR=$MADDR MASTER_PORT=29500 WORLD_SIZE=2 RANK=1 MODE=skip STEPS=60 /usr/bin/python3 /work/eval-clusters/train.py > $WORK/rank1-bare.log 2>&1 &
echo $! >> $WORK/pids
nice -n 10 $DD watch --no-color --stall 10 --on-stall kill --log $WORK/job.log --json -- $WORK/ranks.sh > $WORK/watch.json 2> $WORK/watch.err
echo "watch exit $?" >> $WORK/watch.err
