#!/usr/bin/env bash
# node-local launcher: ./run_node.sh <node_rank>
NODE_RANK=${1:?node rank}
docker run --rm --gpus all --network=host \
  -v /data:/data -v "$PWD":/workspace -w /workspace \
  -e NCCL_SOCKET_IFNAME=ens5 \
  nvcr.io/nvidia/pytorch:24.01-py3 \
  torchrun --nnodes=2 --nproc_per_node=8 --node_rank="$NODE_RANK" \
    --master_addr=10.0.1.10 --master_port=29500 \
    train.py --workers 8
