#!/bin/bash
# w3: after rank 1's step 3 someone's traffic-shaping test leaves a tbf qdisc on node1's NIC:
# `tc qdisc add dev c12eth0 root tbf rate 8kbit burst 1600 limit 3000` (1 KB/s egress, excess dropped). Both ranks
# are inside step 4's 1 MiB all_reduce; node1's side of it trickles out at ~1 KB/s (~17 minutes; TCP retransmits
# the drops). No process is stopped; the network out of node1 is the bottleneck.
# Fix: on node1 `tc qdisc del dev c12eth0 root`; the all_reduce completes, the job finishes.
cd "$(dirname "$0")"; P=c12g; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c12br0
HOSTADDR[0]=198.19.120.10; HOSTADDR[1]=198.19.120.11
c6_node 0 c12eth0 198.19.120.10/24
c6_node 1 c12eth0 198.19.120.11/24
c6_hosts_default
for i in 0 1; do printf 'export STEP_SLEEP=2\n' >> "$RUN/env.$i"; done
during_job() { local d=$1; c6_wait_log "$d/job.rank1.txt" 'rank 1 step 3' 500 || { echo "no step 3"; return; }
  ip netns exec ${P}n1 tc qdisc add dev c12eth0 root tbf rate 8kbit burst 1600 limit 3000
  echo "$(date -u +%T) planted: node1 $(ip netns exec ${P}n1 tc qdisc show dev c12eth0)"
  local k; for k in $(seq 1 30); do sleep 10
    echo "$(date -u +%T) rank 1 last line: $(tail -n 1 "$d/job.rank1.txt"); $(ip netns exec ${P}n1 tc -s qdisc show dev c12eth0 | tr -s '\n ' ' ' | cut -c1-200)"
    grep -q 'rank 1 done' "$d/job.rank1.txt" && break; done; }
truefix() { echo "truefix: on node1 tc qdisc del dev c12eth0 root"; ip netns exec ${P}n1 tc qdisc del dev c12eth0 root; echo "rc=$? now: $(ip netns exec ${P}n1 tc qdisc show dev c12eth0)"; }
if [ "${PHASE:-}" = job ]; then ( c6_wait_log out-bare/job.rank1.txt 'rank 1 step 3' 500; sleep 100; echo "bare: harness applies the manifest fix after 100 s"; truefix; ) >> bare-truefix.txt 2>&1 & BG+=($!); fi
BARE_LIMIT=${BARE_LIMIT:-400} c6_wmain normal
