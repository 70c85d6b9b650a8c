#!/bin/bash
# start on each of the two nodes
torchrun --standalone --nnodes=2 --nproc_per_node=4 train.py --epochs 20
