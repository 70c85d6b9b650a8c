#!/bin/bash
# run this on both machines (gpu-a is 10.20.0.11)
set -e
export NCCL_SOCKET_IFNAME=ens5
torchrun --nnodes=2 --nproc_per_node=8 \
    --rdzv_backend=static --rdzv_endpoint=10.20.0.11:29500 \
    train.py --epochs 10
