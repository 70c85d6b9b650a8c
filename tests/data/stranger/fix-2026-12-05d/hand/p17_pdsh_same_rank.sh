#!/bin/bash
# launch on all four nodes at once
HOSTS=node[01-04]
MASTER=node01

pdsh -w "$HOSTS" "cd /shared/proj && source .venv/bin/activate && \
  NCCL_SOCKET_IFNAME=eth1 torchrun --nnodes=4 --nproc_per_node=8 \
  --rdzv_backend=c10d --rdzv_endpoint=$MASTER:29500 train.py > /shared/proj/logs/\$(hostname).log 2>&1"
