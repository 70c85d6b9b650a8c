#!/bin/bash
set -euo pipefail
export NCCL_SOCKET_IFNAME=ens5
export HOROVOD_FUSION_THRESHOLD=67108864
mpirun -x NCCL_SOCKET_IFNAME -x HOROVOD_FUSION_THRESHOLD -np 8 -H trn-a:4,trn-b:4 -bind-to none -map-by slot \
    -x LD_LIBRARY_PATH -x PATH \
    -mca pml ob1 -mca btl ^openib \
    python train_hvd.py --epochs 5
