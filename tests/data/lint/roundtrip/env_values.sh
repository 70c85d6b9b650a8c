#!/bin/bash
export NCCL_BUFFSIZE=8M
export NCCL_IB_DISABLE=yes
export NCCL_SOCKET_IFNAMES=eth0
torchrun --nnodes=1 --nproc-per-node=2 train.py
