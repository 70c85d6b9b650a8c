# distdoctor fix: source this file (or paste it) on every node before the launch command
# env.unknown-name: NCCL_SOCKET_IFNAMES is not a variable anything reads; did you mean NCCL_SOCKET_IFNAME?
#   rename NCCL_SOCKET_IFNAMES to NCCL_SOCKET_IFNAME in the job's environment
export NCCL_SOCKET_IFNAME=ens5
unset NCCL_SOCKET_IFNAMES
