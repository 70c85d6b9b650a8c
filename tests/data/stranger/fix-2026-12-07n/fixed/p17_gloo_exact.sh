#!/bin/bash
# node launcher: NODE_RANK=0|1 ./p17_gloo_exact.sh
export NCCL_SOCKET_IFNAME==eth0
export GLOO_SOCKET_IFNAME=eth0
export MASTER_ADDR=10.40.0.2
export MASTER_PORT=29500
torchrun --nnodes=2 --node_rank=$NODE_RANK --nproc_per_node=4 \
  --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT train.py
