# distdoctor fix: paste after FROM in the training image's Dockerfile
# nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='docker0' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'
#   export NCCL_SOCKET_IFNAME==ens5 (selects ens5, veth interface, 10000 Mb/s) on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host values
ENV NCCL_SOCKET_IFNAME="=ens5"
