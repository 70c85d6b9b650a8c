#!/bin/bash
# node launcher, NODE_RANK and MASTER_ADDR come from the scheduler
python3 -u -m torch.distributed.launch --use_env \
    --nproc_per_node=8 --nnodes=2 --node_rank=$NODE_RANK \
    --master_addr=$MASTER_ADDR --master_port=29500 \
    train.py --fp16
