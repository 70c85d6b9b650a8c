#!/bin/bash
# one 8-GPU box, ImageNet from the local NVMe
docker run --rm --gpus all \
  --network=host \
  --shm-size=32 \
  -v /data/imagenet:/data:ro \
  -v "$PWD":/workspace -w /workspace \
  nvcr.io/nvidia/pytorch:24.03-py3 \
  torchrun --standalone --nproc_per_node=8 train.py --data /data --workers 8
