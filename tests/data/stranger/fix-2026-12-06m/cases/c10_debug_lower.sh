#!/bin/bash
# run on each node: bash c10_debug_lower.sh NODE_RANK
export NCCL_SOCKET_IFNAME=eth0 GLOO_SOCKET_IFNAME=eth0
export TORCH_DISTRIBUTED_DEBUG=detail
torchrun --nnodes=2 --nproc_per_node=2 --node_rank="${1:?node rank}" \
    --master_addr=10.20.0.11 --master_port=29500 train_ddp.py
