#!/bin/bash
# p4 (clean): node1's /etc/hosts has a stale line for a peer: `198.19.128.99 c14node2` (node2 is .12; no host .99).
# The job never resolves c14node2 on node1 (MASTER_ADDR=c14node0, right everywhere; each rank resolves only its own
# host name for Gloo and publishes its address through the store). Nothing blocks the job.
# Fix: none needed (a note that node1's entry for c14node2 differs is true; WILL HANG or an ERROR is a false alarm).
cd "$(dirname "$0")"; P=c14d; . ../lib.sh; export RUN
c6_switch c14br0
HOSTADDR[0]=198.19.128.10; HOSTADDR[1]=198.19.128.11; HOSTADDR[2]=198.19.128.12
c6_node 0 c14eth0 198.19.128.10/24
c6_node 1 c14eth0 198.19.128.11/24
c6_node 2 c14eth0 198.19.128.12/24
c6_hosts_default
sed -i 's/^198\.19\.128\.12 c14node2$/198.19.128.99 c14node2/' "$RUN/hosts.1"                                     # the stale line
echo "node1 hosts:"; cat "$RUN/hosts.1"
JOB_LIMIT=${JOB_LIMIT:-150} c6_main
