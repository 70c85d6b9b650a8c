#!/bin/bash
# start on every node with: pdsh -w node[01-02] 'cd ~/proj && ./p28_static_rdzv.sh'
export MASTER_ADDR=node01
export MASTER_PORT=29500
export NCCL_SOCKET_IFNAME=eno1

torchrun --nnodes=2 --nproc_per_node=8 \
    --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT \
    train.py --bf16
