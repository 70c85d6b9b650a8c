#!/bin/bash
set -euo pipefail
torchrun --standalone --nproc_per_node=4 \
  train.py --epochs 3
