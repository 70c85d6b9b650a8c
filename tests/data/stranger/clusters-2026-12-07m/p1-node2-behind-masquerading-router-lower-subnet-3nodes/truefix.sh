0	ip route add 198.19.130.0/24 via 198.19.131.1
1	ip route add 198.19.130.0/24 via 198.19.131.1
