#!/bin/bash
# Horovod over Open MPI on two nodes, 8 GPUs each
export NCCL_SOCKET_IFNAME=ens5
export NCCL_IB_DISABLE=1

mpirun -x NCCL_SOCKET_IFNAME -x NCCL_IB_DISABLE -np 16 \
    -H node-a:8,node-b:8 \
    -bind-to none -map-by slot \
    -x LD_LIBRARY_PATH -x PATH \
    -mca pml ob1 -mca btl ^openib \
    python train_hvd.py
