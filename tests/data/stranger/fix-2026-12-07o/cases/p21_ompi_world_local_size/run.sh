#!/bin/bash
# torch DDP (env://) under Open MPI, 2 nodes x 4 GPUs
set -euo pipefail
export MASTER_ADDR=node1
export MASTER_PORT=29500
mpirun -np 8 -H node1:4,node2:4 \
  -x MASTER_ADDR -x MASTER_PORT -x PATH -x LD_LIBRARY_PATH \
  ./ompi_env.sh python train.py --epochs 10
