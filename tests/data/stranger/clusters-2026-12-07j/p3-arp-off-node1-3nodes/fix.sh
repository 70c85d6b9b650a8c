1	getent hosts c11node0
0	ip -br addr
0	ip link
