#!/bin/bash
# 3-node job; node2's rank (and its watch) never starts; watch on node0 and node1 with --world 3
cd "$(dirname "$0")"; . ../lib.sh
c3_switch c3br0
for i in 0 1 2; do c3_node $i c3eth0 198.18.69.3$i/24; HOSTADDR[$i]=198.18.69.3$i; done
c3_hosts_default
touch "$RUN/skip.2"
on_verdict() {  # the fix: start rank 2 (bare) and see whether the job completes
  echo "starting rank 2 late"
  c3_on 2 env MASTER_ADDR=c3node0 MASTER_PORT=$MPORT RANK=2 WORLD_SIZE=3 MODE=normal JOB_TIMEOUT=1800 \
    timeout 120 "$PY" "$HERE/train.py" > "$1/job.rank2-late.txt" 2>&1; echo "rank 2 late rc=$?"
}
c3_wmain 3 normal
