#!/bin/bash
# start one torchrun per node over ssh
HOSTS="gpu01 gpu02 gpu03 gpu04"
MASTER=gpu01
for h in $HOSTS; do
  ssh "$h" "cd /shared/proj && source .venv/bin/activate && torchrun --nnodes=4 --nproc_per_node=8 --node_rank=0 --master_addr=$MASTER --master_port=29500 train.py" &
done
wait
