2	getent hosts c13node0
0	ip -br addr
0	ip link show c13eth0
