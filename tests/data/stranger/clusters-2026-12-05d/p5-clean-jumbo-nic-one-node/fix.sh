1	ip link set dev c5eth0 mtu 1500
