#!/bin/bash
# 2 servers with 4 GPUs each
horovodrun -np 16 -H gpu-node1:4,gpu-node2:4 \
    python train_hvd.py --epochs 90 --batch-size 64
