2	getent hosts c13node0
0	ip -br addr
0	ip link show c13eth0
2	ip rule del pref 100
2	ip route flush table 113
