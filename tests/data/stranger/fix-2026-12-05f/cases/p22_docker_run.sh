#!/bin/bash
# run on each of the 2 nodes: ./p22_docker_run.sh <node_rank>
NODE_RANK=${1:?node rank}
docker run --rm --gpus all --network=host \
  -e MASTER_ADDR=10.0.3.1 -e MASTER_PORT=29500 \
  -e NCCL_SOCKET_IFNAME=enp65s0f0 \
  -v /data/imagenet:/data:ro \
  acme/resnet:latest \
  torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$NODE_RANK \
    --master_addr=10.0.3.1 --master_port=29500 train.py --data /data
