#!/bin/bash
# clean: both nodes' c8eth0 shaped to 20 Mbit/s (tbf); at step 4 one 64 MiB all_reduce takes ~30 s with bytes
# flowing the whole time (longer than --stall 20); the job finishes
cd "$(dirname "$0")"; P=c8i; . ../lib.sh; . ../watchlib.sh
c6_switch c8br0
for i in 0 1; do c6_node $i c8eth0 198.19.104.1$i/24; HOSTADDR[$i]=198.19.104.1$i
  ip netns exec c8in$i tc qdisc add dev c8eth0 root tbf rate 20mbit burst 32kbit latency 400ms; done
c6_hosts_default
truefix() { echo "manifest fix: none (clean)"; }
BARE_LIMIT=300 c6_wmain bigreduce
