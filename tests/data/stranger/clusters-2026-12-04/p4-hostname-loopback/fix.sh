# printed fix, on every node
MADDR=198.18.77.10; EXTRA_0="GLOO_SOCKET_IFNAME=evqe0"; EXTRA_1="GLOO_SOCKET_IFNAME=evqe0"
