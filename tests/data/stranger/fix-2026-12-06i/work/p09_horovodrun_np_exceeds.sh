#!/bin/bash
# 2 nodes x 4 GPUs
horovodrun -np 8 -H node1:4,node2:4 \
    python train_hvd.py --epochs 90 --base-lr 0.0125
