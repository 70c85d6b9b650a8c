#!/bin/bash
# start the job on all four hosts at once
HOSTS=gpu[01-04]
HEAD=gpu01

pdsh -w "$HOSTS" "cd /scratch/run && NCCL_SOCKET_IFNAME=docker0 torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29400 train.py"
