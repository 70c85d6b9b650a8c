# env.unknown-name: NCCL_SOCKET_IFNAMES is not a variable anything reads; did you mean NCCL_SOCKET_IFNAME?
export NCCL_SOCKET_IFNAME=ens5
unset NCCL_SOCKET_IFNAMES
