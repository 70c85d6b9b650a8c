#!/usr/bin/env bash
# 2 boxes, gpu01 has 4 GPUs, gpu02 has 4 GPUs
set -euo pipefail
cd "$(dirname "$0")"

horovodrun -np 12 \
    -H gpu01:4,gpu02:4 \
    --network-interface ens3 \
    python train_hvd.py --epochs 90 --batch-size 256
