#!/usr/bin/env bash
set -euo pipefail
# 3 nodes x 4 GPUs; hosts listed with their slots
horovodrun -np 12 \
  -H trn-01:4,trn-02:4,trn-03:4 \
  --network-interface eth1 \
  --fusion-threshold-mb 64 \
  python train_hvd_keras.py --epochs 30
