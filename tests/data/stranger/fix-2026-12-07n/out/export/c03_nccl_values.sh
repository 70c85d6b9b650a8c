# distdoctor fix: source this file (or paste it) on every node before the launch command
# nccl.ifname.matches-nothing: NCCL_SOCKET_IFNAME='bond0' matches no usable interface here: ncclGetUniqueId fails with 'Bootstrap : no socket interface found'
#   export NCCL_SOCKET_IFNAME==eth0 (selects eth0, physical interface) on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host values
# env.perf.debug-info: NCCL_DEBUG=INFO is on: fine while diagnosing, noisy in production runs
#   use NCCL_DEBUG=WARN for normal runs (INFO only while diagnosing)
export NCCL_DEBUG=WARN
export NCCL_SOCKET_IFNAME==eth0
