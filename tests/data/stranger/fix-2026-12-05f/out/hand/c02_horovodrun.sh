#!/bin/bash
# horovodrun forwards the environment itself over ssh
export NCCL_SOCKET_IFNAME=ens5
horovodrun -np 8 -H node17:4,node18:4 \
  python keras_imagenet_resnet50.py --batch-size 32 --epochs 90
