#!/bin/bash
# added after the freeze (harness only): the same setup as run.sh (prefix c8j), the bare job once more into
# out-timed/ with wall-clock times of rank 0's step 3 line and its "big all_reduce done" line (no distdoctor)
cd "$(dirname "$0")"; P=c8j; . ../lib.sh
c6_switch c8br0
for i in 0 1; do c6_node $i c8eth0 198.19.104.1$i/24; HOSTADDR[$i]=198.19.104.1$i
  ip netns exec c8jn$i tc qdisc add dev c8eth0 root tbf rate 20mbit burst 32kbit latency 400ms; done
c6_hosts_default
rm -rf out-timed; mkdir -p out-timed
( c6_wait_log out-timed/job.rank0.txt 'rank 0 step 3' 300 && echo "step 3 line: $(date -u +%T.%N)"
  c6_wait_log out-timed/job.rank0.txt 'big all_reduce done' 300 && echo "big all_reduce done line: $(date -u +%T.%N)" ) > out-timed/times.txt &
BG+=($!)
JOB_TIMEOUT=1800 JOB_LIMIT=300 c6_job out-timed bigreduce
sleep 1; cat out-timed/times.txt
