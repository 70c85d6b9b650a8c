#!/bin/bash
# debugging a hang: more logging from c10d
export TORCH_DISTRIBUTED_DEBUG=DETAILS
export NCCL_DEBUG=INFO
torchrun --nnodes=1 --nproc_per_node=2 train_small.py
