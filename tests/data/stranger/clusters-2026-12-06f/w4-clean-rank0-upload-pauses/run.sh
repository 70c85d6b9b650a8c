#!/bin/bash
# w4 (clean): 3 nodes; at steps 3 and 6 rank 0 runs `sleep 12` as a child (a checkpoint upload) before its
# all_reduce, so ranks 1, 2 wait 12 s in the all_reduce with nothing moving; --stall 20.
cd "$(dirname "$0")"; P=c7i; . ../lib.sh
c6_switch c7br0
for i in 0 1 2; do c6_node $i c7eth0 198.19.100.1$i/24; HOSTADDR[$i]=198.19.100.1$i; done
c6_hosts_default
for i in 0 1 2; do echo "export UPLOAD_S=12" >> "$RUN/env.$i"; done
c6_wmain uploadpause
