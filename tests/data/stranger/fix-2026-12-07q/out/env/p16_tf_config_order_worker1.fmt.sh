# distdoctor fix: source this file (or paste it) on every node before the launch command
# nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='ens5' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'
#   export NCCL_SOCKET_IFNAME==eth0 (selects eth0, physical interface) on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host values
# tf-config.own-address-not-local: this task's own TF_CONFIG entry is not an address of this host
#   check task.index on this node: it must point at this host's entry in cluster.worker
export NCCL_SOCKET_IFNAME==eth0
# rc=1
