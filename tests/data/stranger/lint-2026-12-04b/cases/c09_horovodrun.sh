#!/bin/bash
horovodrun -np 8 -H server1:4,server2:4 \
  --network-interface eth0 \
  python train_hvd.py --epochs 90 --batch-size 64
