#!/bin/bash
export NCCL_SOCKET_IFNAME=ens3
mpirun -np 16 -H node01:8,node02:8 -bind-to none -map-by slot \
    -x NCCL_SOCKET_IFNAME -x LD_LIBRARY_PATH -x PATH \
    python train_hvd.py
