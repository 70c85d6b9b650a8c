# node 0 of 2 (this machine: eth0 192.0.2.2, fd00::2). The cluster network is IPv6-only,
# so the rendezvous address is written as an IPv6 literal. Ranks start with env:// (srun python).
export NNODES=2
export NODE_RANK=0
export MASTER_ADDR=[fd00::2]
export MASTER_PORT=29500
export NCCL_SOCKET_IFNAME=eth0
export NCCL_SOCKET_FAMILY=AF_INET6
export GLOO_SOCKET_IFNAME=eth0
