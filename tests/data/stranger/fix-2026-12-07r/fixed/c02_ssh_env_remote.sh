#!/bin/bash
# Start one torchrun per host over ssh; the NCCL settings travel inside the remote command.
set -eu
HOSTS=(gpu-a gpu-b)
MASTER=10.1.0.11
IFACE=ens1f0

i=0
for h in "${HOSTS[@]}"; do
  ssh "$h" "cd /shared/jobs/bert && NCCL_SOCKET_IFNAME=$IFACE GLOO_SOCKET_IFNAME=$IFACE torchrun --nnodes=${#HOSTS[@]} --nproc_per_node=4 --node_rank=$i --master_addr=$MASTER --master_port=29500 train.py" &
  i=$((i + 1))
done
wait
