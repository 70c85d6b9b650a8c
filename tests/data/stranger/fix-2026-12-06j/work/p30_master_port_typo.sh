#!/bin/bash
NODE_RANK=${1:?usage: $0 NODE_RANK}
torchrun --nnodes=2 --nproc_per_node=2 --node_rank=$NODE_RANK \
  --master_addr=10.0.3.7 --master_port=295000 train.py
