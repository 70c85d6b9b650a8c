# distdoctor fix: source this file (or paste it) on every node before the launch command
# nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='ens5' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'
#   export NCCL_SOCKET_IFNAME==eth0 (selects eth0, physical interface) on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host values
# env.nccl.socket-family-invalid: NCCL_SOCKET_FAMILY must be exactly AF_INET or AF_INET6; NCCL treats this as no restriction
#   did you mean NCCL_SOCKET_FAMILY=AF_INET?
export NCCL_SOCKET_FAMILY=AF_INET
export NCCL_SOCKET_IFNAME==eth0
