#!/bin/bash
# Horovod TF2 job, 2 nodes x 4 GPUs, Open MPI 4.1
export NCCL_SOCKET_IFNAME=eth0
export NCCL_DEBUG=WARN

mpirun --allow-run-as-root -np 8 -H 10.0.0.1:4,10.0.0.2:4 \
    -bind-to none -map-by slot \
    -x NCCL_SOCKET_IFNAME -x NCCL_DEBUG -x LD_LIBRARY_PATH -x PATH \
    -mca pml ob1 -mca btl ^openib -mca btl_tcp_if_include eth0 \
    python tf2_keras_hvd.py
