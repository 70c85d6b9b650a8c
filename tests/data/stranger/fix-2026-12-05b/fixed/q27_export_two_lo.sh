#!/bin/bash
set -euo pipefail
export NCCL_SOCKET_IFNAME=lo GLOO_SOCKET_IFNAME=eth0
torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=10.0.0.7:29500 train.py
