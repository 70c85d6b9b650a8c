#!/usr/bin/env bash
set -euo pipefail
# usage: NODE_RANK=0|1 ./launch.sh   (run on both nodes; node-a is rank 0)
export NCCL_SOCKET_IFNAME=eth1
export GLOO_SOCKET_IFNAME=eth1
torchrun \
  --nnodes=2 \
  --nproc_per_node=4 \
  --node_rank="${NODE_RANK:?set NODE_RANK}" \
  --master_addr=node-a.cluster.local \
  --master_port=29500 \
  train.py "$@"
