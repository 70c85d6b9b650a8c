# the printed steps of node1s finding, run as printed (diagnostic, not a fix), then the manifest fix
1	getent hosts c9node0
0	ip -br link; ip -br addr
1	ip -br addr; ip route get 198.19.108.10
1	ip addr del 198.19.108.21/24 dev c9eth1
