# nccl.ifname.exclusion-picks-loopback: NCCL_SOCKET_IFNAME='^docker0,^lo' excludes only what it names, so NCCL picks lo (loopback): multi-node training cannot connect
export NCCL_SOCKET_IFNAME==eth0
