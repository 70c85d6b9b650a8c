#!/bin/bash
# planted: --nnodes=2 static rendezvous, no --node_rank
for h in node1 node2; do
  ssh $h "torchrun --nnodes=2 --nproc_per_node=4 --master_addr=node1 --master_port=29500 /shared/train.py" &
done
wait
