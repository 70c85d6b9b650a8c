#!/bin/bash
# Horovod (PyTorch) on gpu-a and gpu-b, 8 GPUs each. No InfiniBand here: each node has two
# 100 GbE ports, ens1f0 and ens1f1, and NCCL should use both of them.
set -euo pipefail

export NCCL_SOCKET_IFNAME="ens1f0;ens1f1"
export NCCL_IB_DISABLE=1
export NCCL_DEBUG=WARN
export HOROVOD_FUSION_THRESHOLD=67108864
export HOROVOD_CYCLE_TIME=5

horovodrun -np 16 -H gpu-a:8,gpu-b:8 \
  --network-interface ens1f0 \
  python train_hvd.py --epochs 90 --batch-size 64 --base-lr 0.0125
