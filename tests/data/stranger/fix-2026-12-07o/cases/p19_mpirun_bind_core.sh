#!/bin/bash
# Horovod + PyTorch ImageNet, 2 nodes x 4 GPUs, 8 DataLoader workers per rank
set -euo pipefail

mpirun -np 8 \
  -H node1:4,node2:4 \
  --bind-to core --map-by core \
  -mca pml ob1 -mca btl ^openib \
  -x NCCL_SOCKET_IFNAME=ens5 -x NCCL_DEBUG=WARN \
  -x LD_LIBRARY_PATH -x PATH \
  python train_imagenet_hvd.py --workers 8 --batch-size 64
