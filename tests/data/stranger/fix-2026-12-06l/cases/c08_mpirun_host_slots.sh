#!/bin/bash
export NCCL_SOCKET_IFNAME=ens5
export HOROVOD_FUSION_THRESHOLD=67108864
mpirun -np 8 --host node01:4,node02:4 -bind-to none -map-by slot \
    -x NCCL_SOCKET_IFNAME -x HOROVOD_FUSION_THRESHOLD -x LD_LIBRARY_PATH -x PATH \
    -mca pml ob1 -mca btl ^openib \
    python train_hvd.py
