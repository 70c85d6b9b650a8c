1	ip addr add 198.19.100.11/24 dev c7eth0
