#!/bin/bash
# 2 nodes with 4 GPUs each; run on both nodes (same line).
export NCCL_SOCKET_IFNAME=ens5
torchrun --nnodes=2 --nproc_per_node=4 \
  --rdzv_backend=c10d --rdzv_endpoint=gpu-01:29400 --rdzv_id=resnet \
  train.py
