#!/bin/bash
set -euo pipefail
for h in node1 node2; do
  ssh "$h" 'IFACE=$(ip -o -4 route show to default | awk "{print \$5}")
    NCCL_SOCKET_IFNAME=$IFACE torchrun --nnodes=2 --nproc_per_node=8 \
      --rdzv_backend=c10d --rdzv_endpoint=10.9.0.1:29500 train.py' &
done
wait
