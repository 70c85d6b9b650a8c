# distdoctor fix: paste after FROM in the training image's Dockerfile
# nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='ens5' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'
#   export NCCL_SOCKET_IFNAME==eth0 (selects eth0, physical interface) on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host values
# gloo.ifname.unknown: Gloo cannot start: Unable to find address for: ens5 (GLOO_SOCKET_IFNAME takes exact interface names)
#   export GLOO_SOCKET_IFNAME=eth0 (binds 192.0.2.2)
ENV GLOO_SOCKET_IFNAME="eth0"
ENV NCCL_SOCKET_IFNAME="=eth0"
