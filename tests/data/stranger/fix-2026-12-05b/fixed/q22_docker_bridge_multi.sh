#!/bin/bash
set -euo pipefail
docker run --network=host --rm --gpus all --ipc=host \
  -e MASTER_ADDR=10.1.0.5 -e MASTER_PORT=29500 \
  -e NNODES=2 -e NODE_RANK="$1" \
  -v /data:/data \
  registry.local/ddp:3.1 \
  torchrun --nnodes=2 --nproc_per_node=8 --node_rank="$1" --master_addr=10.1.0.5 --master_port=29500 train.py
