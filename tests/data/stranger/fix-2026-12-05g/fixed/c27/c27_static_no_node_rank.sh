#!/bin/bash
# run the same on both nodes
torchrun \
  --nnodes=2 \
  --nproc_per_node=8 \
  --rdzv_backend=c10d --rdzv_endpoint="10.10.0.1":29500 \
  train.py "$@"
