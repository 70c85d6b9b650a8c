1	ip route get 198.18.220.74; ip link show dev c6eth0
1	ip link set dev c6eth0 up
