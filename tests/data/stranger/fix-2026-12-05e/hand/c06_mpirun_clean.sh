#!/bin/bash
export NCCL_SOCKET_IFNAME=eth0
export NCCL_DEBUG=WARN
export HOROVOD_CYCLE_TIME=1

mpirun -np 8 -H node-a:4,node-b:4 \
  -bind-to none -map-by slot \
  -x NCCL_SOCKET_IFNAME -x NCCL_DEBUG -x HOROVOD_CYCLE_TIME \
  -x LD_LIBRARY_PATH -x PATH \
  -mca pml ob1 -mca btl ^openib -mca btl_tcp_if_include eth0 \
  python train_hvd.py
