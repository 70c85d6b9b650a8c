# printed fix, option 2 of 2: "c2eth1 on rank 1" -> the same on every rank: GLOO_SOCKET_IFNAME=c2eth1
ENV_1="GLOO_SOCKET_IFNAME=c2eth1"; ALLENV="GLOO_SOCKET_IFNAME=c2eth1"
