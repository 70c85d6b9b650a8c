#!/usr/bin/env bash
# usage: ./run.sh <node_rank>
set -euo pipefail
NODE_RANK=${1:-0}
NNODES=2
GPUS=8
MASTER=10.0.0.5

export NCCL_SOCKET_IFNAME="^docker0,lo"
export NCCL_IB_DISABLE=1
export GLOO_SOCKET_IFNAME=ens5

torchrun --nnodes=$NNODES --nproc_per_node=$GPUS --node_rank=$NODE_RANK \
  --master_addr=$MASTER --master_port=29500 \
  train.py "$@"
