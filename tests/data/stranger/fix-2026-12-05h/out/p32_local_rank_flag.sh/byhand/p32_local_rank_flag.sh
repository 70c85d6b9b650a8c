#!/bin/bash
# single node, 4 GPUs
export OMP_NUM_THREADS=4
torchrun --standalone --nproc_per_node=4 \
    train_seg.py \
    --data /datasets/cityscapes \
    --batch-size 8
