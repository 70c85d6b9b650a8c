#!/bin/bash
# usage: ./run.sh (watch on every node, merged, into out/); PHASE=job ./run.sh (the bare job into out-bare/)
# while it hangs, fix.sh (the printed fix, "NODE<TAB>COMMAND") or truefix.sh (the manifest fix) is applied
cd "$(dirname "$0")"; . ../lib.sh
# planted: after rank 1 printed step 3, node1's c6eth0 is set down (ip link set dev c6eth0 down)
c6_switch c6br0
for i in 0 1; do HOSTADDR[$i]=198.18.220.$((74+i)); c6_node $i c6eth0 198.18.220.$((74+i))/26; done
c6_hosts_default
during_job() {
  c6_wait_log "$1/job.rank1.txt" 'rank 1 step 3' 400 || { echo "no step 3 in 400 s"; return; }
  ip -n c6n1 link set dev c6eth0 down; echo "$(date -u +%T) c6eth0 set down on node1"
}
c6_wmain normal
