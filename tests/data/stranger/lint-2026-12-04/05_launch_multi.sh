#!/bin/bash
# launch on both machines via ssh
HOSTS=(gpu01 gpu02)
for i in "${!HOSTS[@]}"; do
  ssh ${HOSTS[$i]} "cd ~/proj && NCCL_SOCKET_IFNAME=eth0 MASTER_ADDR=gpu01 MASTER_PORT=29500 \
     torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$i --master_addr=gpu01 train.py" &
done
wait
