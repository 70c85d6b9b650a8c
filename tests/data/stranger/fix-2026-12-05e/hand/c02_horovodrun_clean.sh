#!/usr/bin/env bash
set -euo pipefail
# 2 nodes x 4 GPUs
horovodrun -np 8 -H node-a:4,node-b:4 \
  --network-interface eth0 \
  python c01_hvd_keras_clean.py
