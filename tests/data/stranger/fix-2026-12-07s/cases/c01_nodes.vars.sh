# sourced on both nodes before torchrun (2 nodes x 8 GPUs); data NICs ens1f0/ens1f1, management eno1
export MASTER_ADDR=10.20.0.11
export MASTER_PORT=29500
export NNODES=2
export NPROC_PER_NODE=8
export NCCL_SOCKET_IFNAME=ens1f0,ens1f1
export GLOO_SOCKET_IFNAME=ens1f0
export NCCL_IB_HCA=mlx5_0,mlx5_1
export NCCL_DEBUG=WARN
