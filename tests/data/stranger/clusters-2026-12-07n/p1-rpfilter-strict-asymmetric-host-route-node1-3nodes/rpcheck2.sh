0	(timeout 8 tcpdump -ni any -c 30 "icmp or arp" > /tmp/c15a-td0.txt 2>&1 &); (timeout 8 ip netns exec c15an1 tcpdump -ni any -c 30 "icmp or arp" > /tmp/c15a-td1.txt 2>&1 &); sleep 1
1	ping -c 3 -W 1 198.19.136.10 | tail -n2; cat /proc/net/netstat | awk "/^IpExt|^TcpExt/" | head -0
host	sleep 6; echo node0:; cat /tmp/c15a-td0.txt; echo node1:; cat /tmp/c15a-td1.txt; rm -f /tmp/c15a-td0.txt /tmp/c15a-td1.txt
