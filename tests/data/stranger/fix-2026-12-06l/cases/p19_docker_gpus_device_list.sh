#!/bin/bash
# node 0 of 2: GPUs 0 and 1 only (2 and 3 are used by the inference server)
docker run --rm --gpus device=0,1 --network=host --ipc=host \
    -e MASTER_ADDR=10.60.0.11 -e MASTER_PORT=29500 \
    registry.example.com/resnet:3.1 \
    torchrun --nnodes=2 --node_rank=0 --nproc_per_node=2 --master_addr=10.60.0.11 --master_port=29500 train.py
