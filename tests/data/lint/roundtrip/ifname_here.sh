#!/bin/bash
export NCCL_SOCKET_IFNAME=eth9
torchrun --nnodes=1 --nproc-per-node=2 train.py
