#!/usr/bin/env bash
# run this on both machines: NODE_RANK=0 ./launch.sh on gpu-a, NODE_RANK=1 ./launch.sh on gpu-b
set -euo pipefail

export NCCL_SOCKET_IFNAME=ens5
export NCCL_DEBUG=INFO

torchrun --nnodes=2 --nproc_per_node=4 \
  --node_rank="${NODE_RANK}" \
  --master_addr=10.20.0.11 --master_port=29500 \
  train.py --batch-size 32
