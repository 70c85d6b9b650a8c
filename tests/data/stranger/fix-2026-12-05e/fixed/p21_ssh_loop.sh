#!/bin/bash
# start the job on every host in hosts.txt
HOSTS=$(cat hosts.txt)
HEAD=$(head -n 1 hosts.txt)
NN=$(wc -l < hosts.txt)

for h in $HOSTS; do
  ssh "$h" "cd ~/proj && source .venv/bin/activate && nohup torchrun --nnodes=$NN --nproc_per_node=8 --node_rank=0 --master_addr=$HEAD --master_port=29500 train.py > train.log 2>&1 &"
done
