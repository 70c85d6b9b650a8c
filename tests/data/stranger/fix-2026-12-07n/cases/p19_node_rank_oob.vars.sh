# second machine of two
export NNODES=2
export NODE_RANK=2
export NPROC_PER_NODE=4
export MASTER_ADDR=10.60.0.10
export MASTER_PORT=29500
export NCCL_SOCKET_IFNAME=eth0
