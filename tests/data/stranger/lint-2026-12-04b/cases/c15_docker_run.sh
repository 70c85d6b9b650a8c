#!/bin/bash
# start.sh <node_rank>   (run on 10.1.0.5 and 10.1.0.6)
NODE_RANK=$1
docker run --rm --gpus all --network=host --ipc=host \
  --device=/dev/infiniband \
  -e NCCL_IB_HCA=mlx5_0,mlx5_1 \
  -v /data:/data \
  myorg/trainer:latest \
  torchrun --nnodes=2 --nproc_per_node=8 --node_rank="$NODE_RANK" \
    --master_addr=10.1.0.5 --master_port=29500 train.py
