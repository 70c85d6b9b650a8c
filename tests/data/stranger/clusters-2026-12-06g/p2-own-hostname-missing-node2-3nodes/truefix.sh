2	echo "198.19.104.12 c8node2" >> /etc/hosts
