#!/usr/bin/env bash
set -euo pipefail

export NCCL_SOCKET_IFNAME=enp94s0f0
export NCCL_DEBUG=WARN

mpirun -np 16 \
  -H gpu01:8,gpu02:8 \
  -bind-to none -map-by slot \
  -x NCCL_SOCKET_IFNAME -x NCCL_DEBUG -x LD_LIBRARY_PATH -x PATH \
  -mca pml ob1 -mca btl ^openib \
  -mca btl_tcp_if_include enp94s0f0 \
  python train_hvd.py --epochs 30
