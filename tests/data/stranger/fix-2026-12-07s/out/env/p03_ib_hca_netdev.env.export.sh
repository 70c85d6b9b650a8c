# nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='ib0' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'
export NCCL_SOCKET_IFNAME==eth0
