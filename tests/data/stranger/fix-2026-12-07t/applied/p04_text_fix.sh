#!/bin/bash
# Run on each of the two nodes: ./p04_master_port_zero.sh 0   (on gpu-01)   ./p04_master_port_zero.sh 1   (on gpu-02)
set -euo pipefail
NODE_RANK=${1:?node rank}
MASTER_ADDR=10.60.1.11
export MASTER_PORT=29500
export NCCL_SOCKET_IFNAME=ens5
torchrun \
  --nnodes=2 \
  --nproc_per_node=8 \
  --node_rank="$NODE_RANK" \
  --master_addr="$MASTER_ADDR" \
  --master_port="$MASTER_PORT" \
  train.py --epochs 10
