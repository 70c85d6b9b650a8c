#!/bin/bash
# w4 (clean): at step 4 every rank runs a 45 s validation pass of pure compute (torch matmul + tanh loop) that prints
# nothing and sends nothing, then the job goes on and finishes. Looks like a stall to anything that waits for output.
cd "$(dirname "$0")"; P=c9h; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c9br0
HOSTADDR[0]=198.19.108.10; HOSTADDR[1]=198.19.108.11
c6_node 0 c9eth0 198.19.108.10/24
c6_node 1 c9eth0 198.19.108.11/24
c6_hosts_default
for i in 0 1; do echo 'export EVAL_S=45' >> "$RUN/env.$i"; done
touch nofix                                   # nothing to apply in a clean run
truefix() { echo "truefix: nothing (clean)"; }
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain evalcompute
