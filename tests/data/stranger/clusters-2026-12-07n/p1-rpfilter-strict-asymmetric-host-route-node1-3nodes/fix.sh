all	export NCCL_SOCKET_IFNAME==c15eth0
