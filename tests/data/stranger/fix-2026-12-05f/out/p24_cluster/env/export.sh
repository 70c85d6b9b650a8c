# env.int.not-a-number: NCCL_IB_DISABLE is not a number; NCCL silently reads it as 0
export NCCL_IB_DISABLE=1
# nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='ens5' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'
export NCCL_SOCKET_IFNAME==eth0
