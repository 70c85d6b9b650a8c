#!/bin/bash
export NCCL_SOCKET_IFNAME=lo
torchrun --nnodes=1 --nproc-per-node=2 train.py
