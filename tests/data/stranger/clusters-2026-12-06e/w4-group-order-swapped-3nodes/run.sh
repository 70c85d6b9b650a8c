#!/bin/bash
# usage: ./run.sh (watch on every node, merged, into out/); PHASE=job ./run.sh (the bare job into out-bare/)
# while it hangs, fix.sh (the printed fix, "NODE<TAB>COMMAND") or truefix.sh (the manifest fix) is applied
cd "$(dirname "$0")"; . ../lib.sh
# planted (train.py MODE=grouporder): at step 4 ranks 0, 1 all_reduce over group g_a then g_b, rank 2 over g_b then g_a
c6_switch c6br0
for i in 0 1 2; do HOSTADDR[$i]=198.18.221.$((74+i)); c6_node $i c6eth0 198.18.221.$((74+i))/26; done
c6_hosts_default
c6_wmain grouporder
