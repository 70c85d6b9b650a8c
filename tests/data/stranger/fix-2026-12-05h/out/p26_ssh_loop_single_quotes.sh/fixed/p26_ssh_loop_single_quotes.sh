#!/bin/bash
# poor man's launcher: start torchrun on every host over ssh
HOSTS=(gpu-node-01 gpu-node-02 gpu-node-03)
MASTER=${HOSTS[0]}
NNODES=${#HOSTS[@]}

for i in "${!HOSTS[@]}"; do
  host=${HOSTS[$i]}
  ssh "$host" 'cd ~/project && source .venv/bin/activate && \
    torchrun --nnodes=3 --nproc_per_node=8 --node_rank=$i \
      --master_addr=gpu-node-01 --master_port=29500 train.py' > "log_$host.txt" 2>&1 &
done
wait
