#!/usr/bin/env bash
# single 8-GPU box; DataLoader with 12 workers per rank
IMAGE=nvcr.io/nvidia/pytorch:24.05-py3

docker run --rm --gpus all \
  --network=host \
  -v "$PWD":/workspace -w /workspace \
  -v /data/imagenet:/data:ro \
  "$IMAGE" \
  torchrun --standalone --nproc_per_node=8 train.py --data /data --workers 12
