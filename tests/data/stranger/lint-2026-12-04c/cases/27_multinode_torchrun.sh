#!/usr/bin/env bash
# Run this on BOTH nodes (node-a = 172.16.4.10, node-b = 172.16.4.11) at roughly the same time:
#   bash multinode_torchrun.sh
set -euo pipefail

export NCCL_SOCKET_IFNAME=enp1s0f1
export GLOO_SOCKET_IFNAME=enp1s0f1
export OMP_NUM_THREADS=4

torchrun \
  --nnodes=2 \
  --nproc_per_node=4 \
  --master_addr=172.16.4.10 \
  --master_port=29500 \
  train_gnn.py --dataset ogbn-papers100M --epochs 30
