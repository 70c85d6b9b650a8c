#!/bin/bash
ssh node2 bash -c "NCCL_SOCKET_IFNAME=lo torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=node1:29500 train.py"
