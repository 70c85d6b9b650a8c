#!/bin/bash
# w4 (clean): at step 4 rank 1 prints "building the token cache", computes 35 s (nothing printed), then sets
# "cache_ready" in the job's TCPStore; rank 0 waits for that key (store wait, timeout 1800 s) and goes on. The job
# finishes (~45 s in all). Nothing to fix.
cd "$(dirname "$0")"; P=c12h; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c12br0
HOSTADDR[0]=198.19.120.10; HOSTADDR[1]=198.19.120.11
c6_node 0 c12eth0 198.19.120.10/24
c6_node 1 c12eth0 198.19.120.11/24
c6_hosts_default
for i in 0 1; do printf 'export BUILD_S=35\n' >> "$RUN/env.$i"; done
truefix() { echo "truefix: nothing to fix (clean)"; }
on_verdict() { echo "printed fix lines (clean: none applied):"; grep -h "^ *fix:" "$1"/watch.rank*.err | sort | uniq -c | cut -c1-600; }
BARE_LIMIT=${BARE_LIMIT:-300} c6_wmain storewait
