#!/usr/bin/env bash
# launch on both boxes from the head node
HOSTS=(gpu-a01 gpu-a02)
MASTER=gpu-a01
NNODES=${#HOSTS[@]}

for host in "${HOSTS[@]}"; do
  ssh "$host" "cd ~/proj && source .venv/bin/activate && \
    torchrun --nnodes=$NNODES --nproc_per_node=8 --node_rank=0 \
      --master_addr=$MASTER --master_port=29400 train.py" &
done
wait
