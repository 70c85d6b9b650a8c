#!/bin/bash
# P3: planted cause: node2's /etc/hosts maps the master's hostname evqnode0 to a stale address 198.18.77.50 (no host there)
WORK=$(cd "$(dirname "$0")" && pwd); cd /work/eval-clusters; . ./lib.sh; . ./pf_common.sh
trap cleanup EXIT INT TERM; : > $WORK/pids
mk_switch; mk_node 0 198.18.77.10; mk_node 1 198.18.77.11; mk_node 2 198.18.77.12
for i in 0 1; do std_hosts $WORK/hosts.$i "198.18.77.10 evqnode0" "198.18.77.11 evqnode1" "198.18.77.12 evqnode2"; done
std_hosts $WORK/hosts.2 "198.18.77.50 evqnode0" "198.18.77.11 evqnode1" "198.18.77.12 evqnode2"
MADDR=evqnode0
run_preflight pf 3
maybe_fix 3
