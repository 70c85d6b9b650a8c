#!/bin/bash
# edited in Notepad on Windows, submitted from WSL
export NCCL_SOCKET_IFNAME=eth0
torchrun --nnodes=2 --nproc_per_node=1 --rdzv_backend=c10d --rdzv_endpoint=10.0.0.5:29500 train.py
