#!/bin/bash
# ./run_node.sh NODE_RANK   (node 0 = 10.11.0.5, node 1 = 10.11.0.6)
set -euo pipefail
cd "$(dirname "$0")"
docker run --rm --gpus all --network=host --ipc=host \
  --env-file node.env \
  -e NODE_RANK="$1" \
  registry.example.com/ml/trainer:2.3.1 \
  bash -c 'torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$NODE_RANK --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT /app/train.py'
