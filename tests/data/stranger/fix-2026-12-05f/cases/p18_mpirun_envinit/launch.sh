#!/bin/bash
# 2 nodes x 4 GPUs, Open MPI starts the ranks, torch reads env://
export MASTER_ADDR=$(hostname -I | awk '{print $1}')
export MASTER_PORT=29511
export NCCL_SOCKET_IFNAME=ib0

mpirun -np 8 -H dgx01:4,dgx02:4 \
  --bind-to none \
  -x NCCL_SOCKET_IFNAME -x PATH -x LD_LIBRARY_PATH \
  python train.py
