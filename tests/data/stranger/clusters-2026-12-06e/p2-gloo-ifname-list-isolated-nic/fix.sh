all	export NCCL_SOCKET_IFNAME==c6eth0
