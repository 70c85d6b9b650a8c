#!/bin/bash
docker run --rm --gpus all \
  -e NCCL_SOCKET_IFNAME=eth0 -e MASTER_ADDR=10.0.0.1 \
  nvcr.io/nvidia/pytorch:24.01-py3 torchrun --nnodes=2 --rdzv_backend=c10d --rdzv_endpoint=10.0.0.1:29500 train.py
