#!/bin/bash
# W2b: same planted cause as W2 (rank 0 calls an all_reduce at step 6 that rank 1 never calls);
#      applying W2's printed fix: a watch on every node with --rendezvous (run inside each node's namespace)
WORK=$(cd "$(dirname "$0")" && pwd); cd /work/eval-clusters; . ./lib.sh
trap cleanup EXIT INT TERM; : > $WORK/pids
mk_switch; mk_node 0 198.18.77.10; mk_node 1 198.18.77.11
for i in 0 1; do std_hosts $WORK/hosts.$i "198.18.77.10 evqnode0" "198.18.77.11 evqnode1"; done
for i in 0 1; do
  run_in $i $WORK/hosts.$i env MASTER_ADDR=evqnode0 MASTER_PORT=29500 WORLD_SIZE=2 RANK=$i MODE=skip STEPS=60 \
    nice -n 10 $DD watch --no-color --stall 10 --rendezvous 198.18.77.10:29600 --rank $i --world 2 --token evq-w2b --log $WORK/job.$i.log --json \
    -- /usr/bin/python3 /work/eval-clusters/train.py > $WORK/watch.$i.json 2> $WORK/watch.$i.err &
  echo $! >> $WORK/pids
done
for t in $(seq 1 120); do [ $(grep -l "verdict\|VERDICT" $WORK/watch.0.err $WORK/watch.1.err 2>/dev/null | wc -l) -ge 2 ] && break; sleep 1; done
sleep 3; echo "stopping at $(date -u +%T) after $t s wait" > $WORK/end.txt
for i in 0 1; do ip netns pids evqn$i | while read p; do grep -q distdoctor /proc/$p/comm 2>/dev/null && kill -INT $p; done; done
sleep 5
