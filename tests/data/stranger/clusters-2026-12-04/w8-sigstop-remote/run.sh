#!/bin/bash
# W8: planted cause: rank 1 (bare on node1, not under watch) is SIGSTOPped after step 5; rank 0 runs under watch on node0
WORK=$(cd "$(dirname "$0")" && pwd); cd /work/eval-clusters; . ./lib.sh
trap cleanup EXIT INT TERM; : > $WORK/pids
mk_switch; mk_node 0 198.18.77.10; mk_node 1 198.18.77.11
for i in 0 1; do std_hosts $WORK/hosts.$i "198.18.77.10 evqnode0" "198.18.77.11 evqnode1"; done
MADDR=evqnode0; W=2; RANKS="0"; . ./w_common.sh
run_in 1 $WORK/hosts.1 env MASTER_ADDR=$MADDR MASTER_PORT=29500 WORLD_SIZE=2 RANK=1 STEPS=60 /usr/bin/python3 /work/eval-clusters/train.py > $WORK/rank1-bare.log 2>&1 &
echo $! >> $WORK/pids
( for t in $(seq 1 240); do grep -q "rank 1 step 5" $WORK/rank1-bare.log 2>/dev/null && break; sleep 0.5; done
  p=$(ip netns pids evqn1 | while read x; do grep -q python3 /proc/$x/comm 2>/dev/null && echo $x; done | head -1)
  kill -STOP $p; echo "SIGSTOP rank 1 pid $p at $(date -u +%T)" > $WORK/planted.txt
  # then the printed fix: `distdoctor watch --pid PID` on rank 1's node
  for t in $(seq 1 120); do grep -q "^ERROR" $WORK/watch.err 2>/dev/null && break; sleep 1; done
  ip netns exec evqn1 timeout 60 nice -n 10 $DD watch --no-color --stall 5 --pid $p > $WORK/attach.out 2> $WORK/attach.err; echo "attach exit $?" >> $WORK/attach.err ) &
echo $! >> $WORK/pids
nice -n 10 timeout 150 $DD watch --no-color --stall 10 --log $WORK/job.log --json -- $WORK/ranks.sh > $WORK/watch.json 2> $WORK/watch.err
echo "watch exit $?" >> $WORK/watch.err
