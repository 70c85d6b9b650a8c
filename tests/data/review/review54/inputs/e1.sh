#!/bin/bash
export NCCL_SOCKET_IFNAM=eth0
echo "$NCCL_SOCKET_IFNAM" > /tmp/ifname.txt
torchrun --nnodes=2 train.py
