#!/bin/bash
# fix-2026-12-07q p19's shape: the command mounts its own 64 MiB /dev/shm
docker run --rm --gpus all --network=host \
  --tmpfs /dev/shm:rw,nosuid,nodev,noexec,size=64m \
  nvcr.io/nvidia/pytorch:24.03-py3 torchrun --nnodes=2 --nproc_per_node=8 --node_rank=0 \
  --master_addr=10.1.0.11 --master_port=29500 train.py --workers 8
