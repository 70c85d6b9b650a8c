#!/bin/bash
export NCCL_SOCKET_IFNAME=ens5
mpirun -np 8 --host node01,node02 -bind-to none -map-by slot \
    -x NCCL_SOCKET_IFNAME -x LD_LIBRARY_PATH -x PATH \
    -mca pml ob1 -mca btl ^openib \
    python train_hvd.py
