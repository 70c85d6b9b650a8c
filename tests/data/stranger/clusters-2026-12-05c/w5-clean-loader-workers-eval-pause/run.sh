#!/bin/bash
# 2 nodes 198.18.92.10-11; nothing planted: each rank reads through 2 DataLoader workers and at step 4 every rank
# "evaluates" for 8 s (shorter than the 15 s stall); 8 steps and exit
cd "$(dirname "$0")"; . ../lib.sh
c4_switch c4br0
for i in 0 1; do c4_node $i c4eth0 198.18.92.1$i/24; HOSTADDR[$i]=198.18.92.1$i; done
c4_hosts_default
for i in 0 1; do echo 'export EVAL_S=8' >> "$RUN/env.$i"; done
c4_wmain 2 evalpause
