# rank 0's printed fix, "on every node": export GLOO_SOCKET_IFNAME=c2eth0 / export NCCL_SOCKET_IFNAME==c2eth0
# (the exports replace node1's own values)
ENV_1="GLOO_SOCKET_IFNAME=c2eth0 NCCL_SOCKET_IFNAME==c2eth0"
ALLENV="GLOO_SOCKET_IFNAME=c2eth0 NCCL_SOCKET_IFNAME==c2eth0"
