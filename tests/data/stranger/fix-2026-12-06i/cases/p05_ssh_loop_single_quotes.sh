#!/bin/bash
# node 0 is trn-0; each host gets its index as node rank
NNODES=2
for i in $(seq 0 $((NNODES - 1))); do
  ssh trn-$i 'cd ~/work && torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$i --master_addr=trn-0 --master_port=29500 train.py' &
done
wait
