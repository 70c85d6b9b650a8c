#!/usr/bin/env bash
# run on every node:  HEAD_NODE=gpu01 ./c15_torchrun_rdzv_clean.sh
set -euo pipefail
: "${HEAD_NODE:?set HEAD_NODE to the first node}"

export NCCL_DEBUG=WARN
exec torchrun \
  --nnodes=2 \
  --nproc-per-node=gpu \
  --rdzv-backend=c10d \
  --rdzv-endpoint="${HEAD_NODE}:29400" \
  --rdzv-id=exp-42 \
  --max-restarts=3 \
  train.py "$@"
