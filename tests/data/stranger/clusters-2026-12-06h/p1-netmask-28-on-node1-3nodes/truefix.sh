1	ip addr del 198.19.108.11/28 dev c9eth0; ip addr add 198.19.108.11/24 dev c9eth0
