#!/bin/bash
# run on each of the 2 nodes: bash p01_gloo_ifname_prefix.sh NODE_RANK
# nodes have eth0 (data) + eth1 (mgmt); NCCL takes the prefix, so use the same for gloo
NODE_RANK=${1:?node rank}
export NCCL_SOCKET_IFNAME=eth
export GLOO_SOCKET_IFNAME=eth
torchrun --nnodes=2 --nproc_per_node=2 --node_rank="$NODE_RANK" \
    --master_addr=10.20.0.11 --master_port=29500 train_ddp.py
