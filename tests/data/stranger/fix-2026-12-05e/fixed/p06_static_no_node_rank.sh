#!/bin/bash
# run this on both machines (10.10.0.11 is the first one)
MASTER=10.10.0.11
PORT=29500

torchrun --nnodes=2 --nproc_per_node=4 \
  --rdzv_backend=c10d --rdzv_endpoint=$MASTER:$PORT \
  train.py --lr 3e-4 --batch-size 32
