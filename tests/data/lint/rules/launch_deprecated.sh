#!/bin/bash
set -e
export NCCL_DEBUG=INFO
python -m torch.distributed.launch --nproc_per_node=8 --use_env \
    train.py --epochs 10
