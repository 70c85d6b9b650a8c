1	echo "198.19.124.10 c13node0:29400" >> /etc/hosts
