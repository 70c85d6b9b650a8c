#!/bin/bash
# 3 nodes 198.18.91.10-12; planted: at step 4 every rank all-reduces 128 MiB and rank 2 is SIGSTOPped 0.3 s into
# that all_reduce (data of the collective in flight); ranks 0 and 1 wait
cd "$(dirname "$0")"; . ../lib.sh
c4_switch c4br0
for i in 0 1 2; do c4_node $i c4eth0 198.18.91.1$i/24; HOSTADDR[$i]=198.18.91.1$i; done
c4_hosts_default
on_verdict() {  # apply the printed `kill -CONT PID` (first one printed in any watch output), as printed, on node2
  echo "printed fix lines:"; grep -h '^ *fix:' "$1"/watch.rank*.err | sort | uniq -c | cut -c1-400
  local cmd; cmd=$(grep -ho 'kill -CONT [0-9]*' "$1"/watch.rank*.err | head -n 1)
  echo "printed fix: ${cmd:-none}"; [ -n "$cmd" ] && c4_on 2 bash -c "$cmd"
}
c4_wmain 3 bigreduce
