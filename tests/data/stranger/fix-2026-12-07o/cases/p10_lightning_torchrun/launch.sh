#!/bin/bash
# run on each of the 2 nodes (gpu-a, gpu-b); 8 GPUs per node
torchrun \
  --nnodes=2 \
  --nproc_per_node=8 \
  --rdzv_backend=c10d \
  --rdzv_endpoint=gpu-a:29400 \
  --rdzv_id=seg-exp7 \
  train.py --max-epochs 50
