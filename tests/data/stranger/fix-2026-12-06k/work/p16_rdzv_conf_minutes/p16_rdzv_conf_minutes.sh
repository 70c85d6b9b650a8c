#!/bin/bash
# elastic run, the second node may come up late
torchrun --nnodes=2 --nproc_per_node=8 \
    --rdzv_backend=c10d --rdzv_endpoint=10.20.0.11:29400 --rdzv_id=llm7 \
    --rdzv_conf join_timeout=30m \
    train.py
