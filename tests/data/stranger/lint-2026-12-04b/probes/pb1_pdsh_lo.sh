#!/bin/bash
# planted: NCCL_SOCKET_IFNAME=lo inline, launched on 2 hosts with pdsh
pdsh -w node[1-2] 'cd /shared/proj && NCCL_SOCKET_IFNAME=lo torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=node1:29500 train.py'
