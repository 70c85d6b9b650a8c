# distdoctor fix: paste after FROM in the training image's Dockerfile
# env.int.not-a-number: NCCL_IB_DISABLE is not a number; NCCL silently reads it as 0
#   write the number in plain decimal: NCCL_IB_DISABLE=1
# nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='ens5' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'
#   export NCCL_SOCKET_IFNAME==eth0 (selects eth0, physical interface) on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host values
ENV NCCL_IB_DISABLE="1"
ENV NCCL_SOCKET_IFNAME="=eth0"
