0	ip link set dev lo up
