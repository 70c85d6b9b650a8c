#!/bin/bash
# start one node of the 2-node job; NODE_RANK given by the operator
NODE_RANK=${NODE_RANK:?set NODE_RANK}
docker run --network=host --ipc=host --rm --gpus all \
  -e MASTER_ADDR=192.168.50.10 -e MASTER_PORT=29500 \
  -e NCCL_SOCKET_IFNAME=enp65s0 \
  -v /data:/data \
  nvcr.io/nvidia/pytorch:24.03-py3 \
  torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$NODE_RANK \
    --master_addr=192.168.50.10 --master_port=29500 /data/train.py
