#!/bin/bash
# same line on every node; c10d numbers the nodes
torchrun --nproc-per-node=gpu --nnodes=2 \
    --rdzv-backend=c10d --rdzv-endpoint=node01:29400 --rdzv-id=exp7 \
    train.py --epochs 10
