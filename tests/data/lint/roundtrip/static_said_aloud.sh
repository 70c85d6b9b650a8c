#!/bin/bash
torchrun --nnodes=2 --nproc_per_node=4 --rdzv-backend=static --rdzv-endpoint=node0:29500 train.py
