#!/bin/bash
export NCCL_SOCKET_IFNAMES=eth0
NCCL_DEBUG=INFO torchrun --nproc-per-node=2 train.py
