# printed: both findings' steps: tcpdump on c10node1 and on c10node2 while the peer retries, then nft list ruleset / ip link
1	(timeout 100 tcpdump -lni any 'tcp portrange 32768-60999 and host 198.19.112.12' -c 40 > fix-out/tcpdump-node1.txt 2>&1 &); sleep 2; echo tcpdump started
2	(timeout 100 tcpdump -lni any 'tcp portrange 32768-60999 and host 198.19.112.11' -c 40 > fix-out/tcpdump-node2.txt 2>&1 &); sleep 2; echo tcpdump started
1	nft list ruleset; echo rc=$?
2	nft list ruleset; echo rc=$?
1	ip link
2	ip link
