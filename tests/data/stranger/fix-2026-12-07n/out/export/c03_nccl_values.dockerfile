# distdoctor fix: paste after FROM in the training image's Dockerfile
# nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='bond0' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'
#   export NCCL_SOCKET_IFNAME==eth0 (selects eth0, physical interface) on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host values
# env.perf.debug-info: NCCL_DEBUG=INFO is on: fine while diagnosing, noisy in production runs
#   use NCCL_DEBUG=WARN for normal runs (INFO only while diagnosing)
ENV NCCL_DEBUG="WARN"
ENV NCCL_SOCKET_IFNAME="=eth0"
