#!/bin/bash
# usage: ./run.sh (preflight + real job into out/); PHASE=job|pf ./run.sh (one half); FIX=fix.sh ./run.sh (fix-out/)
cd "$(dirname "$0")"; . ../lib.sh
# planted: node2 is launched with WORLD_SIZE=4 (a stale launch config); the job has 3 nodes
c6_switch c6br0
for i in 0 1 2; do HOSTADDR[$i]=198.18.217.$((74+i)); c6_node $i c6eth0 198.18.217.$((74+i))/26; done
c6_hosts_default
echo 'export WORLD_SIZE=4' >> "$RUN/env.2"
c6_main
