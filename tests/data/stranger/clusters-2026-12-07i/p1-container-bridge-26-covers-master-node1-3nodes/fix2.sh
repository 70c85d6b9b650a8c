1	ping -c 3 -I c10eth0 198.19.112.10
1	ip addr del 198.19.112.1/26 dev c10docker0
all	export NCCL_SOCKET_IFNAME==c10eth0
