#!/bin/bash
# on every node: NNODES and MASTER_HOST set by the cluster's job script
torchrun --nnodes="$NNODES" --nproc_per_node=2 --rdzv_backend=c10d --rdzv_endpoint="$MASTER_HOST:29500" train.py
