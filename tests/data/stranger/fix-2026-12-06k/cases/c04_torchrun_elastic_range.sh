#!/bin/bash
export NCCL_SOCKET_IFNAME=ens
torchrun --nnodes=1:4 --nproc_per_node=8 --max_restarts=3 \
    --rdzv_backend=c10d --rdzv_endpoint=$RDZV_HOST --rdzv_id=$JOB_ID \
    --rdzv_conf join_timeout=900 train.py
