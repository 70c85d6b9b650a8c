#!/bin/bash
# Start one torchrun per host over ssh from the login node.
set -eu
HOSTS=(gpu-a gpu-b)
MASTER=10.1.0.11
export NCCL_SOCKET_IFNAME=ens1f0
export GLOO_SOCKET_IFNAME=ens1f0

i=0
for h in "${HOSTS[@]}"; do
  ssh "$h" "cd /shared/jobs/bert && torchrun --nnodes=${#HOSTS[@]} --nproc_per_node=4 --node_rank=$i --master_addr=$MASTER --master_port=29500 train.py" &
  i=$((i + 1))
done
wait
