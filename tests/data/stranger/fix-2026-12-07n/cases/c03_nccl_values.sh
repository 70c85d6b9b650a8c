#!/bin/bash
# tuned on our A100 nodes
export NCCL_BUFFSIZE=0x800000          # 8 MiB, NCCL reads the value with strtoll base 0
export NCCL_DEBUG=info
export NCCL_IB_HCA=mlx5
export NCCL_IB_GID_INDEX=3
export NCCL_SOCKET_IFNAME=bond0
export NCCL_NET_GDR_LEVEL=PHB
torchrun --nnodes=2 --node_rank=$NODE_RANK --nproc_per_node=8 \
  --master_addr=10.80.0.1 --master_port=29500 train.py
