#!/usr/bin/env bash
# two nodes, 4 V100 each
HOSTS="node17:4,node18:4"
horovodrun -np 16 -H node17:4,node18:4 python keras_imagenet_resnet50.py \
  --batch-size 32 --epochs 90
