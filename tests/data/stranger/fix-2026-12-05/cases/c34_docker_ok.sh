#!/bin/bash
NODE_RANK=${1:?node rank}
docker run --rm --gpus all --network=host --ipc=host \
  --device=/dev/infiniband --cap-add=IPC_LOCK --ulimit memlock=-1 \
  -e NCCL_IB_HCA=mlx5_0,mlx5_1 -e NCCL_SOCKET_IFNAME=ens3 \
  myorg/trainer:latest \
  torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$NODE_RANK --master_addr=10.1.0.11 --master_port=29500 train.py
