#!/bin/bash
# 2 nodes 198.18.171.10-11. Nothing planted: at step 4 every rank runs 30 s of all_reduces (1 MiB each)
# without printing a line (twice the 15 s stall), then goes on. Expected: no stall (socket bytes move),
# merged verdict OK, the job finishes.
cd "$(dirname "$0")"; . ../lib.sh
c5_switch c5br0
for i in 0 1; do c5_node $i c5eth0 198.18.171.1$i/24; HOSTADDR[$i]=198.18.171.1$i; done
c5_hosts_default
on_verdict() { echo "clean scenario: nothing to apply"; }
AFTER_LIMIT=120 c5_wmain 2 commphase
