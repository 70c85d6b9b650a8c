# the printed fix, as printed: on every node
all	export GLOO_SOCKET_IFNAME=c4eth0
all	export NCCL_SOCKET_IFNAME==c4eth0
