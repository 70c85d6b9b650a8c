#!/bin/bash
# Gloo takes a comma-separated list and uses both links
export GLOO_SOCKET_IFNAME=ens1f0,ens1f1
export NCCL_SOCKET_IFNAME=ens1f0,ens1f1
torchrun --nnodes=2 --nproc_per_node=4 --node_rank="${NODE_RANK:?}" --master_addr=10.20.0.11 --master_port=29500 train.py
