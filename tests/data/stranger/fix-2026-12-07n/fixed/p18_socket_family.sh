#!/bin/bash
# the nodes have IPv6 addresses too; keep NCCL on IPv4
export NCCL_SOCKET_FAMILY=AF_INET
export NCCL_SOCKET_IFNAME=ens5
torchrun --nnodes=2 --node_rank=$NODE_RANK --nproc_per_node=8 \
  --master_addr=10.50.0.10 --master_port=29500 train.py
