all	export GLOO_SOCKET_IFNAME=c8eth0
