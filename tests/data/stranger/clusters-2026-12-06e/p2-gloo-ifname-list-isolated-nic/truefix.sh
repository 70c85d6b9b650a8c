all	export NCCL_SOCKET_IFNAME==c6eth0
all	export GLOO_SOCKET_IFNAME=c6eth0
