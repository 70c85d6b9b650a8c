#!/bin/bash
set -euo pipefail
torchrun --standalone --nproc_per_node=4 \
  train.py --local-rank=0 --epochs 3
