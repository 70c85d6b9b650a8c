# rank 0's printed fix, on every node
ALLENV="$ALLENV GLOO_SOCKET_IFNAME=c2eth0 NCCL_SOCKET_IFNAME==c2eth0"
