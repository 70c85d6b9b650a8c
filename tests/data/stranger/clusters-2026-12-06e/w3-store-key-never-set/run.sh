#!/bin/bash
# usage: ./run.sh (watch on every node, merged, into out/); PHASE=job ./run.sh (the bare job into out-bare/)
# while it hangs, fix.sh (the printed fix, "NODE<TAB>COMMAND") or truefix.sh (the manifest fix) is applied
cd "$(dirname "$0")"; . ../lib.sh
# planted (train.py MODE=storekey): before step 4's all_reduce rank 1 waits at the job's TCPStore for the key
# ckpt_dir, which rank 0 sets only at step 5, after that all_reduce
c6_switch c6br0
for i in 0 1; do HOSTADDR[$i]=198.18.221.$((10+i)); c6_node $i c6eth0 198.18.221.$((10+i))/26; done
c6_hosts_default
c6_wmain storekey
