#!/bin/bash
HOSTS="gpu1 gpu2 gpu3"
MASTER=gpu1
for h in $HOSTS; do
  ssh "$h" "cd ~/proj && torchrun --nnodes=3 --nproc_per_node=8 --node_rank=0 --master_addr=$MASTER --master_port=29500 train.py > log_$h.txt 2>&1" &
done
wait
