# rank 0's printed fix, on every node
ALLENV="GLOO_SOCKET_IFNAME=c2eth0"
