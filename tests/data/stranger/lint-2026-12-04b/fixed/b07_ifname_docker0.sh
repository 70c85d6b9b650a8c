#!/bin/bash
# run_node.sh NODE_RANK  -- executed by hand on each of the 2 servers
NODE_RANK=$1
export NCCL_SOCKET_IFNAME=docker0
export GLOO_SOCKET_IFNAME=docker0
export NCCL_IB_DISABLE=1

torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$NODE_RANK \
  --master_addr=192.168.10.11 --master_port=29500 \
  finetune.py --model t5-large
