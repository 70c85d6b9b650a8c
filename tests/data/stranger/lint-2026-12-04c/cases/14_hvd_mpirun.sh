#!/bin/bash
# Horovod + Open MPI on two DGX boxes.
# Both boxes have eno1 (1G, office VLAN, firewalled between racks) and
# enp97s0f0 (100G, cluster fabric). NCCL must use the 100G port.
set -euo pipefail

export NCCL_SOCKET_IFNAME=enp97s0f0
export NCCL_DEBUG=WARN
export HOROVOD_FUSION_THRESHOLD=67108864

mpirun -np 16 \
    -H dgx01:8,dgx02:8 \
    -bind-to none -map-by slot \
    -mca pml ob1 -mca btl ^openib \
    -mca btl_tcp_if_include enp97s0f0 \
    -x PATH -x LD_LIBRARY_PATH \
    python train_hvd.py --epochs 40 --fp16-allreduce
