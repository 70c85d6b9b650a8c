#!/bin/bash
# Horovod (PyTorch) on two 4-GPU servers, started from gpu-a
set -euo pipefail

mpirun -np 8 \
    -H gpu-a:4,gpu-b:4 \
    -bind-to none -map-by slot \
    -mca pml ob1 -mca btl ^openib \
    -mca btl_tcp_if_include lo \
    -x NCCL_SOCKET_IFNAME=eth0 \
    -x NCCL_DEBUG=WARN \
    -x LD_LIBRARY_PATH -x PATH \
    python train_hvd.py --epochs 90 --batch-size 64
