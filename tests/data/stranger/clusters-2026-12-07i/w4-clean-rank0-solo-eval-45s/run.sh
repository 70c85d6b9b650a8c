#!/bin/bash
# w4 (clean): at step 4 rank 0 alone runs a 45 s validation pass (torch compute, "rank 0 eval batch K of 9" every
# 5 s), while rank 1 waits for it in step 4's all_reduce (Gloo timeout 1800 s); then the job goes on and finishes.
# Expected: no error (at most a note that rank 0 computes while rank 1 waits).
cd "$(dirname "$0")"; P=c10h; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c10br0
HOSTADDR[0]=198.19.112.10; HOSTADDR[1]=198.19.112.11
c6_node 0 c10eth0 198.19.112.10/24
c6_node 1 c10eth0 198.19.112.11/24
c6_hosts_default
for i in 0 1; do echo 'export EVAL_S=45' >> "$RUN/env.$i"; done
touch nofix                                   # nothing to apply in a clean run
truefix() { echo "truefix: nothing (clean)"; }
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain rank0eval
