#!/bin/bash
# edited on Windows
export NCCL_SOCKET_IFNAME=eth0
export MASTER_ADDR=10.0.0.1
export MASTER_PORT=29500
torchrun --nnodes=2 --nproc_per_node=2 --node_rank=$1 --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT train.py
