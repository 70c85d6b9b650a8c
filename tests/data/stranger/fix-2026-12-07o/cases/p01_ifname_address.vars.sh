# gpu-a (this machine, node 0 of 2) -- sourced before torchrun
export NNODES=2
export NODE_RANK=0
export NPROC_PER_NODE=2
export MASTER_ADDR=192.0.2.2
export MASTER_PORT=29500
export GLOO_SOCKET_IFNAME=eth0
# keep NCCL on the 192.0.2.0/24 data network
export NCCL_SOCKET_IFNAME=192.0.2.2
export NCCL_DEBUG=WARN
