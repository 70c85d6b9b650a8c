all	export GLOO_SOCKET_IFNAME=c5eth0
