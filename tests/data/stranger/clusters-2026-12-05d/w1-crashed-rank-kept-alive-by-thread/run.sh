#!/bin/bash
# 2 nodes 198.18.167.10-11. Planted: at step 4 rank 1 starts a non-daemon "uploader" thread and its main
# thread raises RuntimeError (traceback in its log). The interpreter waits for the thread at exit, so the
# process lives on with its Gloo sockets open; rank 0 waits in the step's all_reduce.
cd "$(dirname "$0")"; . ../lib.sh
c5_switch c5br0
for i in 0 1; do c5_node $i c5eth0 198.18.167.1$i/24; HOSTADDR[$i]=198.18.167.1$i; done
c5_hosts_default
c5_wmain 2 crashthread
