2	ip route add 198.19.128.0/24 dev c14eth0 src 198.19.128.12
