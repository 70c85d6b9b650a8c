#!/bin/bash
NODES=(node01 node02)
for i in "${!NODES[@]}"; do
  ssh "${NODES[$i]}" bash -s <<'REMOTE' &
cd /work/proj
torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$i --master_addr=node01 --master_port=29500 train.py
REMOTE
done
wait
