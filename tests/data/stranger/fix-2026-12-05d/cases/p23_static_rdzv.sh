#!/bin/bash
# run this on both machines (node A = 10.0.3.15 is the master)
export NCCL_SOCKET_IFNAME=ens5
export NCCL_DEBUG=WARN

torchrun --nnodes=2 --nproc_per_node=8 \
         --master_addr=10.0.3.15 --master_port=29500 \
         train.py --config cfg/base.yaml
