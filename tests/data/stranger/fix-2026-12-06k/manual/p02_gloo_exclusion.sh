#!/bin/bash
# run on both nodes: NODE_RANK=0|1 ./p02_gloo_exclusion.sh
set -e
export NCCL_SOCKET_IFNAME=^docker0,lo
export GLOO_SOCKET_IFNAME=eth0
torchrun --nnodes=2 --nproc_per_node=4 --node_rank=${NODE_RANK} \
    --master_addr=10.20.0.11 --master_port=29500 train.py --backend gloo
