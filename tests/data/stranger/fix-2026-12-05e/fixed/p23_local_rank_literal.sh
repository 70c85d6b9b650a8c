#!/usr/bin/env bash
set -e
NODE_RANK=${NODE_RANK:-0}

python -m torch.distributed.run \
    --nnodes 2 \
    --nproc_per_node 8 \
    --node_rank $NODE_RANK \
    --master_addr 172.31.5.10 \
    --master_port 29500 \
    train.py --local_rank 0 --bf16 --output_dir runs/exp42
