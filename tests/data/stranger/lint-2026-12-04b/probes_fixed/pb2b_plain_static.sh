#!/bin/bash
# run on each node
torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=node1:29500 /shared/train.py
