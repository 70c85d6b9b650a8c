#!/bin/bash
# w4 (clean): step times vary a lot and the slow rank changes: rank 0 computes 6 s at step 1 and 24 s at step 2,
# rank 1 12 s at step 3 and 22 s at step 5, rank 0 4 s at step 6, printing nothing meanwhile; the other rank
# waits in that step's all_reduce. The job finishes in about 90 s. Nothing to fix.
cd "$(dirname "$0")"; P=c11h; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c11br0
HOSTADDR[0]=198.19.116.10; HOSTADDR[1]=198.19.116.11
c6_node 0 c11eth0 198.19.116.10/24
c6_node 1 c11eth0 198.19.116.11/24
c6_hosts_default
truefix() { echo "truefix: nothing to fix (clean)"; }
on_verdict() { echo "printed fix lines (clean: none applied):"; grep -h "^ *fix:" "$1"/watch.rank*.err | sort | uniq -c | cut -c1-600; }
BARE_LIMIT=${BARE_LIMIT:-300} c6_wmain varsteps
