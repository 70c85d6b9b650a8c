#!/bin/bash
# 2 nodes x 4 GPUs
export NCCL_SOCKET_IFNAME=eth0
horovodrun -np 8 -H node1,node2 --network-interfaces eth0 \
    python train_hvd.py --epochs 20
