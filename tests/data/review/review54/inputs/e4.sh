#!/bin/bash
export NCCL_SOCKET_IFNAM=eth0
echo hi; export NCCL_SOCKET_IFNAME=$NCCL_SOCKET_IFNAM
torchrun --nnodes=2 train.py
