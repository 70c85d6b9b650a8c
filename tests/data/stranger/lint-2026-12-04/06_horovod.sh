#!/bin/bash
export NCCL_SOCKET_IFNAME=ib0
export HOROVOD_GPU_OPERATIONS=NCCL
horovodrun -np 16 -H node1:8,node2:8 --network-interface eth0 python train_hvd.py
mpirun -np 16 -H node1:8,node2:8 -bind-to none -map-by slot \
    -x NCCL_DEBUG=INFO -x LD_LIBRARY_PATH -x PATH \
    -mca pml ob1 -mca btl ^openib \
    python train_hvd.py
