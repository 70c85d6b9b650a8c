#!/bin/bash
# Horovod over Open MPI on two 4-GPU boxes
set -e
export NCCL_SOCKET_IFNAME=ens5
export NCCL_DEBUG=WARN
export HOROVOD_FUSION_THRESHOLD=67108864

mpirun -np 8 \
    -H gpu-a:4,gpu-b:4 \
    -bind-to none -map-by slot \
    -x NCCL_DEBUG -x HOROVOD_FUSION_THRESHOLD -x LD_LIBRARY_PATH -x PATH \
    -mca pml ob1 -mca btl ^openib \
    python train_hvd.py --epochs 90
