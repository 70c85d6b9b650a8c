# nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='ens1f0,ens1f1' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'
export NCCL_SOCKET_IFNAME==eth0
# gloo.ifname.unknown: Gloo cannot start: Unable to find address for: ens1f0 (GLOO_SOCKET_IFNAME takes exact interface names)
export GLOO_SOCKET_IFNAME=eth0
