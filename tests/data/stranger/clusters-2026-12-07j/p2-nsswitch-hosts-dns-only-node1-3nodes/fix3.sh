1	echo '198.19.116.10 c11node0' >> /etc/hosts
1	echo '198.19.116.11 c11node1' >> /etc/hosts
