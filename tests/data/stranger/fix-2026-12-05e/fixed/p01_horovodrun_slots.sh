#!/usr/bin/env bash
# Launch ResNet-50 with Horovod on two 4-GPU boxes
set -euo pipefail

export HOROVOD_FUSION_THRESHOLD=67108864
export HOROVOD_CYCLE_TIME=5

horovodrun -np 8 -H gpu-node01:4,gpu-node02:4 \
    --network-interface ens3 \
    python train_hvd.py --epochs 90 --batch-size 64
