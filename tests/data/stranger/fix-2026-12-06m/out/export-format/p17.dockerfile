# distdoctor fix: paste after FROM in the training image's Dockerfile
# env.int.invalid: TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC must be a decimal integer
#   set TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC to a decimal integer
# nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='ib0' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'
#   export NCCL_SOCKET_IFNAME==eth0 (selects eth0, physical interface) on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host values
ENV NCCL_SOCKET_IFNAME="=eth0"
# rc=1
