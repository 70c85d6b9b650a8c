all	export GLOO_SOCKET_IFNAME=c7eth0
all	export NCCL_SOCKET_IFNAME=c7eth0
