all	export GLOO_SOCKET_IFNAME=c5eth0
all	export NCCL_SOCKET_IFNAME==c5eth0
