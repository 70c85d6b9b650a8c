# env.unknown-name: NCCL_SOCKET_IFNAMES is not a variable anything reads; did you mean NCCL_SOCKET_IFNAME?
export NCCL_SOCKET_IFNAME=eth0
unset NCCL_SOCKET_IFNAMES
