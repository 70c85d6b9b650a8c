#!/bin/bash
# Open MPI launch of a torch env:// script on two hosts (train.py maps OMPI_COMM_WORLD_RANK/SIZE/LOCAL_RANK to RANK/WORLD_SIZE/LOCAL_RANK)
set -euo pipefail
mpirun -np 8 -H gpu-a:4,gpu-b:4 \
  --bind-to none --map-by slot \
  -x NCCL_SOCKET_IFNAME=ens5 \
  -x MASTER_ADDR=127.0.0.1 \
  -x MASTER_PORT=29500 \
  -x PATH -x LD_LIBRARY_PATH \
  python train.py --epochs 20
