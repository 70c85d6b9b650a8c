#!/bin/bash
horovodrun -np 8 -H gpu-node1:4,gpu-node2:4 \
    --network-interface ens3 \
    python train_hvd.py --epochs 90
