# env.unknown-name: NCCL_SOCKET_IFNAMES is not a variable anything reads; did you mean NCCL_SOCKET_IFNAME?
export NCCL_SOCKET_IFNAME==eth0
unset NCCL_SOCKET_IFNAMES
# gloo.ifname.unknown: Gloo cannot start: Unable to find address for: ens5 (GLOO_SOCKET_IFNAME takes exact interface names)
export GLOO_SOCKET_IFNAME=eth0
