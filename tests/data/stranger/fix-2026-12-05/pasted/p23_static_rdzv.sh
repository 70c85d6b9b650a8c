#!/bin/bash
# same command on both nodes
MASTER_ADDR=10.0.3.4
MASTER_PORT=29400
torchrun --nnodes 2 --nproc-per-node 8 \
  --master-addr "$MASTER_ADDR" --master-port "$MASTER_PORT" \
  --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 \
  train.py
