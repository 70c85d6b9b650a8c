EXTRA_0="NCCL_SOCKET_IFNAME==evqe0"; EXTRA_1="NCCL_SOCKET_IFNAME==evqe0"   # printed fix, every node
