#!/bin/bash
# fix-2026-12-07q p21's shape: an exclude list without lo replaces Open MPI's default one
mpirun -np 16 -H gpu-a:8,gpu-b:8 -bind-to none -map-by slot \
  -mca pml ob1 -mca btl ^openib -mca btl_tcp_if_exclude docker0 \
  -x NCCL_DEBUG=INFO -x NCCL_SOCKET_IFNAME=ens1f0 python train.py
