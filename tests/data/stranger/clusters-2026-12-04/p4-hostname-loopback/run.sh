#!/bin/bash
# P4: planted cause: on the master node0, /etc/hosts has Debian's "127.0.1.1 evqnode0" line (its own hostname -> loopback); others map evqnode0 correctly
WORK=$(cd "$(dirname "$0")" && pwd); cd /work/eval-clusters; . ./lib.sh; . ./pf_common.sh
trap cleanup EXIT INT TERM; : > $WORK/pids
mk_switch; mk_node 0 198.18.77.10; mk_node 1 198.18.77.11
std_hosts $WORK/hosts.0 "127.0.1.1 evqnode0" "198.18.77.11 evqnode1"
std_hosts $WORK/hosts.1 "198.18.77.10 evqnode0" "198.18.77.11 evqnode1"
MADDR=evqnode0
run_preflight pf 2
run_torch torch-before 2
maybe_fix 2
[ -f $WORK/fix.sh ] && run_torch torch-after-fix 2
