#!/bin/bash
HOSTS=(gpu1 gpu2)
MASTER=${HOSTS[0]}
i=0
for h in "${HOSTS[@]}"; do
  ssh "$h" "cd ~/proj && NCCL_SOCKET_IFNAME=ens3 torchrun --nnodes=${#HOSTS[@]} --nproc_per_node=8 --node_rank=$i --master_addr=$MASTER --master_port=29500 train.py > log_\$(hostname).txt 2>&1" &
  i=$((i + 1))
done
wait
