# distdoctor fix: source this file (or paste it) on every node before the launch command
# nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='192.0.2.2' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'
#   export NCCL_SOCKET_IFNAME==eth0 (selects eth0, physical interface) on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host values
export NCCL_SOCKET_IFNAME==eth0
