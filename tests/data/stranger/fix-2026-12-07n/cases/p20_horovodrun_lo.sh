#!/bin/bash
# 2 servers x 4 GPUs
horovodrun -np 8 -H gpu1:4,gpu2:4 --network-interface lo \
    python train_hvd.py --epochs 90
