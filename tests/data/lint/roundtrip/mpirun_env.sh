#!/bin/bash
# Horovod over Open MPI on two hosts; NCCL must use the 100G port
export NCCL_SOCKET_IFNAME=enp97s0f0
export NCCL_DEBUG=WARN
mpirun -np 16 \
    -H dgx01:8,dgx02:8 \
    -bind-to none -map-by slot \
    -mca pml ob1 -mca btl ^openib \
    -x PATH -x LD_LIBRARY_PATH \
    python train_hvd.py --epochs 40
