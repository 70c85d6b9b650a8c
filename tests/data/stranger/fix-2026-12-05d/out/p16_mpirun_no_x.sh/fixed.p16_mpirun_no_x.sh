#!/usr/bin/env bash
# Horovod on two 4-GPU boxes, Open MPI 4.1
set -e

export NCCL_SOCKET_IFNAME=enp94s0f0
export NCCL_IB_DISABLE=1
export HOROVOD_FUSION_THRESHOLD=67108864

mpirun -x NCCL_SOCKET_IFNAME -x NCCL_IB_DISABLE -x HOROVOD_FUSION_THRESHOLD -np 8 \
    -H dgx01:4,dgx02:4 \
    -bind-to none -map-by slot \
    -x LD_LIBRARY_PATH -x PATH \
    -mca pml ob1 -mca btl ^openib \
    python train_hvd.py --epochs 30
