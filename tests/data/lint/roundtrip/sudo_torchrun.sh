#!/bin/bash
# start the job as the service account that owns the data volume
export NCCL_SOCKET_IFNAME=eth1
export NCCL_IB_DISABLE=1
sudo -u mltrain torchrun --nnodes=2 --node_rank="$NODE_RANK" --master_addr=10.1.0.5 --nproc_per_node=4 train.py
