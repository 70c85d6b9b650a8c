#!/bin/bash
# p1: node1 keeps an nft table in the netdev family (hook ingress on c11eth0, left by an earlier SYN-flood
# mitigation script) that drops TCP SYNs (syn set, ack clear) whose source is node2 (198.19.116.12). Nothing in the
# ip/inet input chains (there are none); ICMP passes; SYN-ACKs pass, so node1's own connects to node2 work, but every
# connection node2 opens to node1 (TCPStore aside, Gloo pairs) times out. node0 <-> node1, node0 <-> node2 work.
# Fix: on node1 `nft delete table netdev c11filt`.
cd "$(dirname "$0")"; P=c11a; . ../lib.sh; export RUN
c6_switch c11br0
HOSTADDR[0]=198.19.116.10; HOSTADDR[1]=198.19.116.11; HOSTADDR[2]=198.19.116.12
c6_node 0 c11eth0 198.19.116.10/24
c6_node 1 c11eth0 198.19.116.11/24
c6_node 2 c11eth0 198.19.116.12/24
ip netns exec ${P}n1 nft -f - <<'NFT'
table netdev c11filt {
  chain in { type filter hook ingress device c11eth0 priority 0; ip saddr 198.19.116.12 tcp flags & (syn|ack) == syn drop; }
}
NFT
c6_hosts_default
for i in 0 1 2; do echo "node$i: $(ip -n ${P}n$i -br addr show c11eth0)"; done
echo "node1 ruleset:"; ip netns exec ${P}n1 nft list ruleset
JOB_LIMIT=${JOB_LIMIT:-240} c6_main
