# nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='ens1f0 ens1f1' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'
export NCCL_SOCKET_IFNAME==eth0
# nccl.ifname.whitespace: NCCL_SOCKET_IFNAME has names with spaces or CR: NCCL does not trim them, so 'ens1f0 ens1f1' matches no interface name
