#!/bin/bash
set -e
export NCCL_DEBUG=INFO
torchrun --nproc-per-node=8 \
    train.py --epochs 10
