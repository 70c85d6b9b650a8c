#!/bin/bash
# w2: node1 runs a metrics agent (../agent.py) on the unix stream socket /tmp/c14f-agent.sock whose accept loop is
# wedged: listen backlog 0, one earlier client already queued, accept() never called (the agent sleeps). At step 4
# rank 1 connect()s to it to send its step metrics: connect blocks (wchan unix_wait_for_peer) for as long as the agent
# lives. Rank 0 waits in step 4's all_reduce.
# Fix: on node1 `kill $(cat /tmp/c14f-agent.pid)` (end/restart the wedged agent: the blocked connect fails with
# ECONNREFUSED, rank 1 logs it and trains on).
cd "$(dirname "$0")"; P=c14f; . ../lib.sh; . ../watchlib.sh; export RUN
SOCK=/tmp/c14f-agent.sock; AP=/tmp/c14f-agent.pid
extra_cleanup() { [ -s $AP ] && kill -9 "$(cat $AP)" 2>/dev/null; rm -f $AP $SOCK; }
c6_switch c14br0
HOSTADDR[0]=198.19.128.10; HOSTADDR[1]=198.19.128.11
c6_node 0 c14eth0 198.19.128.10/24
c6_node 1 c14eth0 198.19.128.11/24
c6_hosts_default
for i in 0 1; do printf 'export STEP_SLEEP=2\nexport AGENT_SOCK=%s\n' $SOCK >> "$RUN/env.$i"; done
ip netns exec ${P}n1 "$PY" "$HERE/agent.py" $SOCK > "$RUN/agent.txt" 2>&1 & echo $! > $AP                            # planted
sleep 1; echo "planted: $(cat $RUN/agent.txt)"
during_job() { local d=$1 p; c6_wait_log "$d/job.rank1.txt" 'sending step metrics' 500 || { echo "no send"; return; }
  local k; for k in $(seq 1 30); do sleep 10
    echo "$(date -u +%T) rank 1 last line: $(tail -n 1 "$d/job.rank1.txt")"
    for p in $(c6_rank_pids 1); do echo "  pid $p $(grep State /proc/$p/status | tr -s '\t ' ' ') wchan $(cat /proc/$p/wchan) syscall $(cut -d' ' -f1 /proc/$p/syscall)"; done
    grep -q 'rank 1 done' "$d/job.rank1.txt" && break; done; }
truefix() { echo "truefix: on node1 kill \$(cat $AP) ($(cat $AP))"; c6_on 1 bash -c "kill \$(cat $AP)"; echo "rc=$?"; }
if [ "${PHASE:-}" = job ]; then ( c6_wait_log out-bare/job.rank1.txt 'rank 1 step 3' 500; sleep 100; echo "bare: harness applies the manifest fix after 100 s"; truefix; ) >> bare-truefix.txt 2>&1 & BG+=($!); fi
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain agentsock
