#!/bin/bash
export NCCL_SOCKET_IFNAME=ib0
export MASTER_ADDR=dgx01
export MASTER_PORT=29511
mpirun -np 16 -H dgx01:8,dgx02:8 --bind-to none --map-by slot \
  -x NCCL_SOCKET_IFNAME -x MASTER_ADDR -x MASTER_PORT -x PATH -x LD_LIBRARY_PATH \
  python train.py
