#!/bin/bash
# usage: NODE_RANK=0|1 MASTER_ADDR=<node0 ip> ./launch.sh
set -euo pipefail
: "${NODE_RANK:?}" "${MASTER_ADDR:?}"
NNODES=${NNODES:-2}

exec torchrun \
  --nnodes="$NNODES" \
  --node_rank="$NODE_RANK" \
  --nproc_per_node=2 \
  --master_addr="$MASTER_ADDR" \
  --master_port=29513 \
  ddp_env.py
