#!/bin/bash
# run the same on both nodes
torchrun \
  --nnodes=2 \
  --nproc_per_node=8 \
  --master_addr="10.10.0.1" \
  --master_port=29500 \
  train.py "$@"
