#!/bin/bash
# Run on every node; the first node (gpu-a, 10.1.0.11) hosts the rendezvous.
set -eu
HEAD=${HEAD:-10.1.0.11}
PORT=${PORT:-29400}
NNODES=${NNODES:-2}
NPROC=${NPROC:-4}
export HEAD PORT
exec torchrun --nnodes="$NNODES" --nproc_per_node="$NPROC" \
    --rdzv_backend=c10d --rdzv_endpoint="$HEAD:$PORT" --rdzv_id=bert-ft \
    train.py
