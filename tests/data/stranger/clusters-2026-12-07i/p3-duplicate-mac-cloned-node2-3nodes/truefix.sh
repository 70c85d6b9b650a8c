2	ip link set dev c10eth0 down && ip link set dev c10eth0 address 02:c1:0a:00:00:12 && ip link set dev c10eth0 up
