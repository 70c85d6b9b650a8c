#!/bin/bash
export NCCL_SOCKET_IFNAME=enp94s0f0
export NCCL_IB_DISABLE=1
mpirun -np 8 -H node01:4,node02:4 \
    -bind-to none -map-by slot \
    -x NCCL_SOCKET_IFNAME -x NCCL_IB_DISABLE -x PATH -x LD_LIBRARY_PATH \
    --mca pml ob1 --mca btl ^openib \
    python train_hvd.py --epochs 20
