#!/bin/bash
# Open MPI 4.1 on gpu-a and gpu-b (4 GPUs each); ranks use torch's env:// through ompi_wrap.sh
set -euo pipefail
export MASTER_ADDR=gpu-a
export MASTER_PORT=29500
export NCCL_SOCKET_IFNAME=ens5
mpirun -np 8 -H gpu-a:4,gpu-b:4 --bind-to none --map-by slot \
  -x MASTER_ADDR -x MASTER_PORT -x NCCL_SOCKET_IFNAME -x PATH -x LD_LIBRARY_PATH \
  ./ompi_wrap.sh python train.py --epochs 30
