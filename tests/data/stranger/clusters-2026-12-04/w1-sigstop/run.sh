#!/bin/bash
# W1: planted cause: rank 1 (node1) is SIGSTOPped after step 5; both ranks run under one `distdoctor watch` (launcher starts rank i in node i's namespace)
WORK=$(cd "$(dirname "$0")" && pwd); cd /work/eval-clusters; . ./lib.sh
trap cleanup EXIT INT TERM; : > $WORK/pids
mk_switch; mk_node 0 198.18.77.10; mk_node 1 198.18.77.11
for i in 0 1; do std_hosts $WORK/hosts.$i "198.18.77.10 evqnode0" "198.18.77.11 evqnode1"; done
MADDR=evqnode0; W=2; RANKS="0 1"; . ./w_common.sh
( for t in $(seq 1 240); do grep -q "rank 1 step 5" $WORK/job.log 2>/dev/null && break; sleep 0.5; done
  p=$(ip netns pids evqn1 | while read x; do grep -q python3 /proc/$x/comm 2>/dev/null && echo $x; done | head -1)
  kill -STOP $p; echo "SIGSTOP rank 1 pid $p at $(date -u +%T)" > $WORK/planted.txt ) &
echo $! >> $WORK/pids
nice -n 10 $DD watch --no-color --stall 10 --on-stall kill --log $WORK/job.log --json -- $WORK/ranks.sh > $WORK/watch.json 2> $WORK/watch.err
echo "watch exit $?" >> $WORK/watch.err
