#!/bin/bash
set -euo pipefail
export UCX_NET_DEVICES=mlx5_0:1
export NCCL_DEBUG=WARN
exec mpirun --allow-run-as-root -np 16 --hostfile /etc/mpi/hostfile \
    -x NCCL_DEBUG -x UCX_NET_DEVICES -x LD_LIBRARY_PATH -x PATH \
    -mca pml ucx -bind-to none -map-by slot \
    python train_hvd.py --epochs 90
