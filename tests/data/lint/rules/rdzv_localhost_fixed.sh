#!/bin/bash
torchrun --nnodes 2 --nproc-per-node 4 --rdzv-backend c10d --rdzv-endpoint "$MASTER_ADDR:29400" train.py
