#!/bin/bash
# Horovod over Open MPI on two hosts that run Docker (docker0 on both)
mpirun -np 8 -H gpu-a:4,gpu-b:4 \
    -bind-to none -map-by slot \
    -mca pml ob1 -mca btl ^openib \
    -mca btl_tcp_if_exclude docker0 \
    -x NCCL_SOCKET_IFNAME=ens5 -x LD_LIBRARY_PATH -x PATH \
    python train_hvd.py
