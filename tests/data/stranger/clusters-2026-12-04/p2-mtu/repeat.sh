#!/bin/bash
# P2 repeated: same topology as run.sh, preflight 4 times in a row; verdicts and the 0->1 probe recorded
WORK=$(cd "$(dirname "$0")" && pwd); cd /work/eval-clusters; . ./lib.sh; . ./pf_common.sh
trap cleanup EXIT INT TERM; : > $WORK/pids
mk_switch; mk_node 0 198.18.77.10 evqe0 9000 9000; mk_node 1 198.18.77.11 evqe0 9000 1500
for i in 0 1; do std_hosts $WORK/hosts.$i "198.18.77.10 evqnode0" "198.18.77.11 evqnode1"; done
MADDR=evqnode0
for k in 1 2 3 4; do run_preflight rep$k 2; echo "run $k: $(sed -n 2p $WORK/rep$k.all.txt) | $(grep -m1 'bulk did not' $WORK/rep$k.all.txt | sed 's/^ *//')"; done > $WORK/repeat-summary.txt
