#!/bin/bash
# on each node: NODE_RANK=0|1 ./p23_docker_gpus_count.sh
docker run --rm --gpus 2 --network=host --ipc=host \
  -e NCCL_SOCKET_IFNAME=ens5 \
  -v /data:/data registry.example.com/ml/train:2.3 \
  torchrun --nnodes=2 --node_rank=$NODE_RANK --nproc_per_node=4 \
    --master_addr=10.70.0.4 --master_port=29500 train.py
