#!/bin/bash
# run on each node
torchrun --nnodes=2 --nproc_per_node=4 --master_addr=node1 --master_port=29500 /shared/train.py
