#!/bin/bash
torchrun --nnodes=2 --nproc_per_node=8 --rdzv-backend=static --master_addr=node01 --master_port=29500 train.py
