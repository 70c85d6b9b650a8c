#!/bin/bash
# p3: node0 (the master, 198.19.136.10) has an nft table of its own, c15rl, meant as SYN-flood protection for the
# store port: `iifname "c15eth0" tcp dport 29400 ct state new limit rate over 1/minute burst 1 packets drop`.
# New connections from outside to 29400 beyond about one a minute are dropped (SYNs and their retransmissions);
# in the before-run (PHASE=job, before the freeze) neither rank 1 nor rank 2 connected to the store within 50 s.
# Nothing else filtered; node0's own rank reaches the store over lo.
# Fix: on node0 `nft delete table inet c15rl` (or a limit that admits every rank, e.g. over 60/second burst 64).
cd "$(dirname "$0")"; P=c15c; . ../lib.sh; export RUN
c6_switch c15br0
HOSTADDR[0]=198.19.136.10; HOSTADDR[1]=198.19.136.11; HOSTADDR[2]=198.19.136.12
c6_node 0 c15eth0 198.19.136.10/24
c6_node 1 c15eth0 198.19.136.11/24
c6_node 2 c15eth0 198.19.136.12/24
c6_hosts_default
ip netns exec ${P}n0 nft -f - <<'NFT'
table inet c15rl {
  chain input { type filter hook input priority 0; policy accept;
    iifname "c15eth0" tcp dport 29400 ct state new limit rate over 1/minute burst 1 packets drop; }
}
NFT
ip netns exec ${P}n0 nft list table inet c15rl
JOB_LIMIT=${JOB_LIMIT:-150} c6_main
