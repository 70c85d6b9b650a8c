#!/bin/bash
# P2b: planted cause (offloads off so frames are real-size, as on a physical NIC): both nodes MTU 9000, node1's switch port (bridge in evqsw) MTU 1500 -> jumbo frames silently dropped
WORK=$(cd "$(dirname "$0")" && pwd); cd /work/eval-clusters; . ./lib.sh; . ./pf_common.sh
trap cleanup EXIT INT TERM; : > $WORK/pids
mk_switch; mk_node 0 198.18.77.10 evqe0 9000 9000; mk_node 1 198.18.77.11 evqe0 9000 1500
for i in 0 1; do ip netns exec evqn$i ethtool -K evqe0 tso off gso off gro off; done
for i in 0 1; do std_hosts $WORK/hosts.$i "198.18.77.10 evqnode0" "198.18.77.11 evqnode1"; done
# independent path check: 100 B and 1 MB TCP transfers node0 -> node1
{ for n in 100 1000000; do ip netns exec evqn1 /usr/bin/python3 xfer.py serve 5000 & sleep 1; ip netns exec evqn0 timeout 10 /usr/bin/python3 xfer.py send 198.18.77.11 5000 $n; wait; done; } > $WORK/path-check.txt 2>&1
MADDR=evqnode0
run_preflight pf 2
run_in 0 $WORK/hosts.0 env MASTER_ADDR=$MADDR MASTER_PORT=29500 WORLD_SIZE=2 RANK=0 $DD preflight --timeout 40 --json > $WORK/pf-json.node0.json 2>/dev/null & run_in 1 $WORK/hosts.1 env MASTER_ADDR=$MADDR MASTER_PORT=29500 WORLD_SIZE=2 RANK=1 $DD preflight --timeout 40 --json > $WORK/pf-json.node1.json 2>/dev/null; wait
maybe_fix 2
