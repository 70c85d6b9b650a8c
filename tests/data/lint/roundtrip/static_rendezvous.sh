#!/bin/bash
MASTER=node01
torchrun --nnodes=2 --nproc_per_node=8 --master_addr=$MASTER --master_port=29500 train.py
