#!/bin/bash
# Horovod (PyTorch) on 2 nodes x 4 GPUs with Open MPI
cd "$(dirname "$0")"
mpirun -np 8 --hostfile hosts \
  -bind-to none -map-by slot \
  -x NCCL_SOCKET_IFNAME=ens5 -x NCCL_DEBUG=WARN -x LD_LIBRARY_PATH -x PATH \
  -mca pml ob1 -mca btl ^openib -mca btl_tcp_if_include ens5 \
  python train_hvd.py --epochs 20
