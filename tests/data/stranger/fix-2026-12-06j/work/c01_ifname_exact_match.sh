#!/bin/bash
# '=' prefix: exact interface name (ens1f0 only, not ens1f0v1)
export NCCL_SOCKET_IFNAME==ens1f0
export GLOO_SOCKET_IFNAME=ens1f0
torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=10.20.0.11:29400 --rdzv_id=exp42 train.py
