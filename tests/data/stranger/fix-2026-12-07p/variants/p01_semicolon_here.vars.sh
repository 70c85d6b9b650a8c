# variant of p01 for env on this machine (not a frozen case): a semicolon list of two of its interfaces
export NCCL_SOCKET_IFNAME="eth0;lo"
export NNODES=2
