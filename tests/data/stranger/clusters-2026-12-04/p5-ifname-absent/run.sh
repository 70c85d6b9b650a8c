#!/bin/bash
# P5: planted cause: every node exports NCCL_SOCKET_IFNAME=evqe0 GLOO_SOCKET_IFNAME=evqe0, but node1's NIC is named evqf0 (no evqe0 there)
WORK=$(cd "$(dirname "$0")" && pwd); cd /work/eval-clusters; . ./lib.sh; . ./pf_common.sh
trap cleanup EXIT INT TERM; : > $WORK/pids
mk_switch; mk_node 0 198.18.77.10 evqe0; mk_node 1 198.18.77.11 evqf0
for i in 0 1; do std_hosts $WORK/hosts.$i "198.18.77.10 evqnode0" "198.18.77.11 evqnode1"; done
MADDR=evqnode0
EXTRA_0="NCCL_SOCKET_IFNAME=evqe0 GLOO_SOCKET_IFNAME=evqe0"; EXTRA_1="$EXTRA_0"
run_preflight pf 2
run_torch torch-before 2
maybe_fix 2
[ -f $WORK/fix.sh ] && run_torch torch-after-fix 2
