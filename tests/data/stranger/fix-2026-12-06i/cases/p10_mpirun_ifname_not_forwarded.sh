#!/bin/bash
# Horovod over Open MPI, hosts in ./hostfile (node1 slots=4, node2 slots=4)
export NCCL_SOCKET_IFNAME=ens5
export HOROVOD_FUSION_THRESHOLD=67108864

mpirun -np 8 --hostfile hostfile \
    -bind-to none -map-by slot \
    -x LD_LIBRARY_PATH -x PATH \
    -mca pml ob1 -mca btl ^openib \
    python train_hvd.py
