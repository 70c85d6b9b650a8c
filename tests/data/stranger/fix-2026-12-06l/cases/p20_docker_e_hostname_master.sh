#!/bin/bash
# start_node.sh NODE_RANK  -- run on each of the 2 nodes
NODE_RANK=$1
docker run --rm --gpus all --network=host --ipc=host \
    -e MASTER_ADDR=$(hostname) -e MASTER_PORT=29500 \
    registry.example.com/resnet:3.1 \
    bash -c 'torchrun --nnodes=2 --nproc_per_node=8 --node_rank='"$NODE_RANK"' --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT train.py'
