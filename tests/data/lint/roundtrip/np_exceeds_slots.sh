#!/bin/bash
# two 4-GPU servers
horovodrun -np 16 -H server1:4,server2:4 \
  --network-interface eth0 \
  python train_hvd.py --epochs 90 --batch-size 64
