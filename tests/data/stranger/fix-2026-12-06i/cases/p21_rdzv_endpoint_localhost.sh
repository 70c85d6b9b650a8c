#!/bin/bash
# elastic job, 2-4 nodes; start the same script on every node
torchrun \
  --nnodes=2:4 \
  --nproc-per-node=8 \
  --rdzv-backend=c10d \
  --rdzv-endpoint=localhost:29400 \
  --rdzv-id=exp42 \
  --max-restarts=3 \
  train.py --data /mnt/data
