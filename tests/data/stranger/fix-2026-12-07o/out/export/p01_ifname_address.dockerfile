# distdoctor fix: paste after FROM in the training image's Dockerfile
# nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='192.0.2.2' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'
#   export NCCL_SOCKET_IFNAME==eth0 (selects eth0, physical interface) on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host values
ENV NCCL_SOCKET_IFNAME="=eth0"
