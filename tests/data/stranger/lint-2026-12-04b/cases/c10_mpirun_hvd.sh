#!/bin/bash
# hosts file: node01 slots=8 / node02 slots=8
mpirun -np 16 \
    --hostfile hosts.txt \
    -bind-to none -map-by slot \
    -x NCCL_DEBUG=INFO -x NCCL_SOCKET_IFNAME=ens5 -x LD_LIBRARY_PATH -x PATH \
    -mca pml ob1 -mca btl ^openib \
    -mca btl_tcp_if_include ens5 \
    python train_horovod.py
