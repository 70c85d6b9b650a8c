#!/usr/bin/env bash
set -e
NODE_RANK=${1:?node rank}
NCCL_SOCKET_IFNAME=^lo,docker0 GLOO_SOCKET_IFNAME=enp65s0 torchrun --nnodes=2 --nproc_per_node=4 --node_rank="$NODE_RANK" --master_addr=10.1.0.11 --master_port=29500 train.py
