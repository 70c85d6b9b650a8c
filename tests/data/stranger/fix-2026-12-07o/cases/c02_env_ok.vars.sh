# gpu-a (this machine, node 0 of 2) -- sourced before torchrun
export NNODES=2
export NODE_RANK=0
export NPROC_PER_NODE=2
export MASTER_ADDR=192.0.2.2
export MASTER_PORT=29500
export NCCL_SOCKET_IFNAME=eth0
export GLOO_SOCKET_IFNAME=eth0
export NCCL_SOCKET_FAMILY=AF_INET
export TORCH_NCCL_ASYNC_ERROR_HANDLING=1
