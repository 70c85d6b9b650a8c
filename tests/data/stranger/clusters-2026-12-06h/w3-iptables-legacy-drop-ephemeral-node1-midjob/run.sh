#!/bin/bash
# w3: after step 3 a config-management run on node1 adds an iptables rule through the LEGACY backend
# (iptables-legacy -A INPUT -p tcp --dport 32768:60999 -j DROP, no state match): every inbound packet to node1's
# ephemeral ports - the Gloo pair connection's local port on node1 - is dropped, mid-job. nftables holds no rule.
# Fix: on node1 `iptables-legacy -D INPUT -p tcp --dport 32768:60999 -j DROP`.
cd "$(dirname "$0")"; P=c9g; . ../lib.sh; . ../watchlib.sh; export RUN
c6_switch c9br0
HOSTADDR[0]=198.19.108.10; HOSTADDR[1]=198.19.108.11
c6_node 0 c9eth0 198.19.108.10/24
c6_node 1 c9eth0 198.19.108.11/24
c6_hosts_default
for i in 0 1; do echo 'export STEP_SLEEP=2' >> "$RUN/env.$i"; done
during_job() { local d=$1; c6_wait_log "$d/job.rank1.txt" 'rank 1 step 3' 500 || { echo "no step 3"; return; }
  echo "$(date -u +%T) planting on node1: iptables-legacy -A INPUT -p tcp --dport 32768:60999 -j DROP"
  c6_on 1 iptables-legacy -A INPUT -p tcp --dport 32768:60999 -j DROP; c6_on 1 iptables-legacy -S INPUT; }
truefix() { echo "truefix: on node1 iptables-legacy -D INPUT -p tcp --dport 32768:60999 -j DROP"; c6_on 1 iptables-legacy -D INPUT -p tcp --dport 32768:60999 -j DROP; echo rc=$?; }
if [ "${PHASE:-}" = job ]; then ( c6_wait_log out-bare/job.rank1.txt 'rank 1 step 3' 500; sleep 120; echo "bare: harness applies the manifest fix after 120 s"; truefix; ) >> bare-truefix.txt 2>&1 & BG+=($!); fi
BARE_LIMIT=${BARE_LIMIT:-500} c6_wmain normal
