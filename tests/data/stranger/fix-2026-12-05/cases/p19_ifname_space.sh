#!/bin/bash
export NCCL_SOCKET_IFNAME="ens1f0 "
export GLOO_SOCKET_IFNAME=ens1f0
torchrun --nnodes=2 --nproc_per_node=8 --node_rank=${NODE_RANK:?} \
  --master_addr=10.20.0.5 --master_port=29500 train.py
