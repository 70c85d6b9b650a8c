#!/bin/bash
# added after the freeze: the same scenario as run.sh into out-attach/, where the harness applies node 0's printed
# fix "`distdoctor watch --pid PID` there" on node1 (rank 1's main process, 60 s, --stall 10) during the hang,
# then the manifest fix (truefix.sh, written by hand from the pids) as before.
cd "$(dirname "$0")"; . ../lib.sh
c6_switch c6br0
for i in 0 1; do HOSTADDR[$i]=198.18.220.$((10+i)); c6_node $i c6eth0 198.18.220.$((10+i))/26; done
c6_hosts_default
on_verdict() {
  local d=$1 p main=
  for p in $(c6_rank_pids 1); do [ "$(cat /proc/$(awk '{print $4}' /proc/$p/stat)/comm)" != python3 ] && main=$p; done
  echo "rank 1 main pid $main; job pids on node1: $(c6_rank_pids 1 | tr '\n' ' ')"
  c6_on 1 timeout 60 "$DD" watch --no-color --stall 10 --pid "$main" > "$d/attach.rank1.txt" 2>&1; echo "attach rc=$?"
  rm -f truefix.sh; c6_on_verdict_default "$d"
}
rm -f truefix.sh nofix fix.sh
OUT=out-attach c6_wmain loaderstop
