1	echo "198.19.120.10 c12node0." >> /etc/hosts
