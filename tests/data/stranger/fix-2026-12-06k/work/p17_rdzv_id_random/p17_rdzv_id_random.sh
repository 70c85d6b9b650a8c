#!/bin/bash
# start this on every node (node01 hosts the store)
RUN_ID=$RANDOM
echo "run id $RUN_ID"
torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d \
    --rdzv_endpoint=node01:29400 --rdzv_id=$RUN_ID train.py
