#!/bin/bash
# Run on each of the two nodes: NODE_RANK=0 on gpu-a (10.1.0.11), NODE_RANK=1 on gpu-b.
set -euo pipefail
NODE_RANK=${NODE_RANK:?set NODE_RANK}
export MASTER_ADDR=10.1.0.11
export MASTER_PORT=29500
# data network (ens1f0, 10.1.0.0/24); the hosts also have docker0 and a BMC port
export NCCL_SOCKET_IFNAME=ens1f0
export GLOO_SOCKET_IFNAME=ens1f0
export NCCL_DEBUG=WARN

torchrun --nnodes=2 --nproc_per_node=4 --node_rank="$NODE_RANK" \
    --master_addr="$MASTER_ADDR" --master_port="$MASTER_PORT" \
    train.py --epochs 20 > "train.node$NODE_RANK.log" 2>&1 &
TRAIN_PID=$!
echo "training started as pid $TRAIN_PID"
wait "$TRAIN_PID"
