#!/bin/bash
set -euo pipefail
docker run --rm --gpus all --network host --ipc host \
  -e NCCL_SOCKET_IFNAME=ens5 \
  registry.local/ddp:3.1 \
  torchrun --nnodes=2 --nproc_per_node=8 --node_rank="$1" --master_addr=10.1.0.5 --master_port=29500 train.py
