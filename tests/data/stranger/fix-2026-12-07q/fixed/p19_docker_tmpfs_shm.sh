#!/bin/bash
# one 8-GPU node, hardened container settings from the security baseline
docker run --ipc=host --rm --gpus all \
  --network=host \
  --read-only \
  --tmpfs /tmp:rw,nosuid,nodev,size=1g \
  --tmpfs /dev/shm:rw,nosuid,nodev,noexec,size=64m \
  -v /data/imagenet:/data:ro \
  -v "$PWD/out":/out \
  registry.example.com/ml/trainer:2.3 \
  torchrun --standalone --nproc_per_node=8 train.py --data /data --workers 8 --out /out
