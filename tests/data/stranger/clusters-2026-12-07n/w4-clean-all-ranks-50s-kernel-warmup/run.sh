#!/bin/bash
# w4 (clean): right after joining, every rank prints "rank N compiling kernels (first run, no cache)" and computes
# 50 s (WARM_S) at 100% CPU without output and without any collective, then trains 8 steps normally and finishes.
# Nothing is broken. Correct outcome: no stall verdict (at most a note that no step has happened yet).
cd "$(dirname "$0")"; P=c15h; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c15br0
HOSTADDR[0]=198.19.136.10; HOSTADDR[1]=198.19.136.11
c6_node 0 c15eth0 198.19.136.10/24
c6_node 1 c15eth0 198.19.136.11/24
c6_hosts_default
for i in 0 1; do printf 'export STEP_SLEEP=1\nexport WARM_S=50\n' >> "$RUN/env.$i"; done
truefix() { echo "truefix: nothing to fix (clean)"; }
BARE_LIMIT=${BARE_LIMIT:-200} c6_wmain warmup
