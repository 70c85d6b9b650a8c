1	(timeout 100 tcpdump -ni any -c 60 "tcp and host 198.19.116.12 and not port 29400 and not port 29401" > /work/wt-cluster11/tests/data/stranger/clusters-2026-12-07j/p1-nft-netdev-ingress-drops-syn-from-node2-on-node1-3nodes/fix-out-tcpdump-node1.txt 2>&1 &) ; sleep 1
1	nft list ruleset
2	nft list ruleset; ip link
