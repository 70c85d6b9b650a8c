# nccl.ifname.selects-loopback: NCCL_SOCKET_IFNAME='lo' selects lo (loopback): other nodes cannot reach this rank
export NCCL_SOCKET_IFNAME==eth0
# gloo.ifname.loopback: GLOO_SOCKET_IFNAME selects lo:127.0.0.1 (loopback): ranks on other nodes cannot connect to Gloo (ranks on this node can)
export GLOO_SOCKET_IFNAME=eth0
