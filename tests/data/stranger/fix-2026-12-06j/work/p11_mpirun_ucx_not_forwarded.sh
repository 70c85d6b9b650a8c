#!/bin/bash
set -e
export UCX_NET_DEVICES=mlx5_0:1
export NCCL_SOCKET_IFNAME=ib0
mpirun -x UCX_NET_DEVICES -np 16 --hostfile ./hosts \
  -bind-to none -map-by slot \
  -x NCCL_SOCKET_IFNAME -x LD_LIBRARY_PATH -x PATH \
  -mca pml ucx \
  python train_hvd.py
