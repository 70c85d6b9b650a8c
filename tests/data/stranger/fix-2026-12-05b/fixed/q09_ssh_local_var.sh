#!/bin/bash
set -euo pipefail
IFACE=enp65s0
MASTER=10.9.0.1
for h in node1 node2; do
  ssh "$h" 'cd ~/proj &&
    NCCL_SOCKET_IFNAME='"$IFACE"' torchrun --nnodes=2 --nproc_per_node=8 \
      --rdzv_backend=c10d --rdzv_endpoint='"$MASTER"':29500 train.py' &
done
wait
