#!/bin/bash
# Start this node's container (2 nodes, 8 GPUs each, InfiniBand HDR). Usage: ./p10_docker_ib_memlock.sh NODE_RANK
set -euo pipefail
NODE_RANK=$1
docker run --rm --gpus all \
  --network=host --ipc=host \
  --device=/dev/infiniband \
  --cap-add=IPC_LOCK \
  -e NCCL_IB_HCA=mlx5 \
  -e NCCL_SOCKET_IFNAME=ib0 \
  -e NCCL_DEBUG=INFO \
  -v /data:/data \
  nvcr.io/nvidia/pytorch:24.05-py3 \
  torchrun --nnodes=2 --nproc_per_node=8 --node_rank="$NODE_RANK" \
    --master_addr=10.50.0.1 --master_port=29500 /data/code/train.py
