#!/bin/bash
# run this on each of the 2 nodes
export NCCL_SOCKET_IFNAME=lo
torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=localhost:29400 --rdzv_id=job42 train.py
torchrun --nnodes=2 --nproc_per_node=8 --master_addr=127.0.0.1 --master_port=29500 --node_rank=$NODE_RANK train.py
