#!/bin/bash
# Run on every node; NUM_NODES, NUM_TRAINERS, JOB_ID and HOST_NODE_ADDR come from the scheduler.
torchrun \
    --nnodes=$NUM_NODES \
    --nproc-per-node=$NUM_TRAINERS \
    --max-restarts=3 \
    --rdzv-id=$JOB_ID \
    --rdzv-backend=c10d \
    --rdzv-endpoint=$HOST_NODE_ADDR \
    YOUR_TRAINING_SCRIPT.py --arg1 --arg2
