1	ip link set dev c11eth0 arp on
