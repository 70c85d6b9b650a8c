#!/bin/bash
# rank 1 SIGSTOPs itself at step 4 (as Ctrl-Z / a debugger); one watch per node, merged at rank 0
cd "$(dirname "$0")"; . ../lib.sh
c3_switch c3br0
for i in 0 1; do c3_node $i c3eth0 198.18.69.1$i/24; HOSTADDR[$i]=198.18.69.1$i; done
c3_hosts_default
on_verdict() {  # apply the printed `kill -CONT PID` (first one printed in any watch output), as printed, on node1
  local cmd; cmd=$(grep -ho 'kill -CONT [0-9]*' "$1"/watch.rank*.err | head -n 1)
  echo "printed fix: ${cmd:-none}"; [ -n "$cmd" ] && c3_on 1 bash -c "$cmd"
}
c3_wmain 2 stop
