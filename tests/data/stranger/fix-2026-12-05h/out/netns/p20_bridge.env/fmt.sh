# distdoctor fix: source this file (or paste it) on every node before the launch command
# nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='docker0' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'
#   export NCCL_SOCKET_IFNAME==ens5 (selects ens5, veth interface, 10000 Mb/s) on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host values
export NCCL_SOCKET_IFNAME==ens5
