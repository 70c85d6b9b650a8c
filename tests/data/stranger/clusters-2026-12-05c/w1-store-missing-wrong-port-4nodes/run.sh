#!/bin/bash
# 4 nodes 198.18.88.10-13; planted: node2's environment has MASTER_PORT=29402 (the others 29400), so rank 2 dials a
# port nobody listens on and never joins the store; ranks 0, 1, 3 wait in init_process_group. Watch on every node.
cd "$(dirname "$0")"; . ../lib.sh
c4_switch c4br0
for i in 0 1 2 3; do c4_node $i c4eth0 198.18.88.1$i/24; HOSTADDR[$i]=198.18.88.1$i; done
c4_hosts_default
echo 'export MASTER_PORT=29402' >> "$RUN/env.2"    # planted
on_verdict() {  # manifest fix: rank 2 with MASTER_PORT=29400 (its watched job is ended first); printed fixes recorded
  echo "printed fix lines:"; grep -h '^ *fix:' "$1"/watch.rank*.err | sort | uniq -c | cut -c1-400
  local p; for p in $(c4_rank_pids 2); do echo "ending rank 2 pid $p (MASTER_PORT=29402)"; kill -TERM "$p"; done
  sleep 3
  echo "starting rank 2 with MASTER_PORT=29400"
  c4_on 2 env MASTER_PORT=29400 RANK=2 WORLD_SIZE=4 MODE=normal JOB_TIMEOUT=1800 \
    timeout 150 "$PY" "$HERE/train.py" > "$1/job.rank2-fixed.txt" 2>&1; echo "rank 2 fixed rc=$?"
}
c4_wmain 4 normal
