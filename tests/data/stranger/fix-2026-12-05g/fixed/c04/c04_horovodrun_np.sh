#!/usr/bin/env bash
# Horovod ResNet-50 on two 4-GPU boxes
set -e
cd /home/ml/resnet

export NCCL_SOCKET_IFNAME=ens3
export HOROVOD_FUSION_THRESHOLD=67108864

horovodrun -np 8 -H gpu-a:4,gpu-b:4 \
    python train_hvd.py --batch-size 64 --epochs 90
