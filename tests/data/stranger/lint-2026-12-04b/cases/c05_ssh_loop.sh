#!/usr/bin/env bash
set -e
HOSTS=(gpu-a01 gpu-a02 gpu-a03)
MASTER=${HOSTS[0]}
NNODES=${#HOSTS[@]}

i=0
for host in "${HOSTS[@]}"; do
  ssh "$host" "cd ~/proj && source .venv/bin/activate && \
    NCCL_SOCKET_IFNAME=eth0 torchrun --nnodes=$NNODES --nproc_per_node=8 --node_rank=$i \
      --master_addr=$MASTER --master_port=29400 train.py" &
  i=$((i + 1))
done
wait
