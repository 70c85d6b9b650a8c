#!/bin/bash
# usage: ./run.sh (watch on every node, merged, into out/); PHASE=job ./run.sh (the bare job into out-bare/)
# while it hangs, fix.sh (the printed fix, "NODE<TAB>COMMAND") or truefix.sh (the manifest fix) is applied
cd "$(dirname "$0")"; . ../lib.sh
# clean (train.py MODE=ckptclean): 2 DataLoader workers per rank; rank 0 writes a 64 MiB checkpoint at steps 3 and 6
c6_switch c6br0
for i in 0 1; do HOSTADDR[$i]=198.18.222.$((10+i)); c6_node $i c6eth0 198.18.222.$((10+i))/26; done
c6_hosts_default
c6_wmain ckptclean
