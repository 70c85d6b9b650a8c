#!/bin/bash
# usage: ./run.sh (preflight + real job into out/); PHASE=job|pf ./run.sh (one half); FIX=fix.sh ./run.sh (fix-out/)
cd "$(dirname "$0")"; . ../lib.sh
# planted: MASTER_ADDR=c6node1 on every node (a worker), while rank 0 runs on c6node0
c6_switch c6br0
for i in 0 1 2; do HOSTADDR[$i]=198.18.216.$((10+i)); c6_node $i c6eth0 198.18.216.$((10+i))/26; done
MADDR=c6node1 c6_hosts_default
c6_main
