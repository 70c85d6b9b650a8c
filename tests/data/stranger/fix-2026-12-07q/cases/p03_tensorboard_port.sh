#!/bin/bash
# single-node fine-tuning on a workstation; TensorBoard alongside
set -e
LOGDIR=runs/$(date +%Y%m%d-%H%M)
PORT=6006
mkdir -p "$LOGDIR"

tensorboard --logdir "$LOGDIR" --port $PORT --bind_all &
TB_PID=$!
trap 'kill $TB_PID' EXIT

torchrun --nnodes=1 --nproc_per_node=2 --master_addr=127.0.0.1 --master_port=$PORT \
    finetune.py --logdir "$LOGDIR"
