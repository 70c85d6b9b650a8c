#!/bin/bash
# 2 nodes x 4 GPUs, NCCL on the 10G link
horovodrun -np 8 -H node1:4,node2:4 \
    --network-interface ens5 \
    python c04_hvd_keras_clean.py
