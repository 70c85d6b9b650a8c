#!/bin/bash
# run on each of the 2 nodes: NODE_RANK=0 on gpu-01 (10.30.0.5), NODE_RANK=1 on gpu-02
set -e
NODE_RANK=${NODE_RANK:?set NODE_RANK}
HEAD=10.30.0.5:29500

torchrun --nnodes=2 --nproc_per_node=4 \
  --node_rank="$NODE_RANK" \
  --master_addr="$HEAD" \
  --master_port=29500 \
  train.py --epochs 40
