#!/bin/bash
# run this on each of the 2 nodes
NNODES=2
NPROC=8

torchrun \
  --nnodes=$NNODES \
  --nproc-per-node=$NPROC \
  --rdzv-id=resnet50-run \
  --rdzv-backend=c10d \
  --rdzv-endpoint=10.0.0.1:29400 \
  train.py --arch resnet50 --epochs 90
