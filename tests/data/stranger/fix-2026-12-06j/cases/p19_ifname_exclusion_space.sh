#!/bin/bash
export NCCL_SOCKET_IFNAME="^docker0, lo"
torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=10.20.0.11:29400 train.py
