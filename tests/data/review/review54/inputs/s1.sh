#!/bin/bash
export PET_RDZV_BACKEND=c10d
torchrun --nnodes=2 --nproc_per_node=8 --rdzv_endpoint=node01:29500 train.py
