#!/bin/bash
# start the worker on node 2 (node 1 runs the same with NODE_RANK=0)
NODE_RANK=${NODE_RANK:-1}
docker run -d --name trainer --gpus all --ipc=host -p 29500:29500 \
  -e MASTER_ADDR=10.1.0.11 -e MASTER_PORT=29500 \
  myorg/trainer:latest \
  torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$NODE_RANK --master_addr=10.1.0.11 --master_port=29500 train.py
