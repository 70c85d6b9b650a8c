1	echo '198.19.100.10 c7node0' >> /etc/hosts
