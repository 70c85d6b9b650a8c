#!/bin/bash
# one container per node; --ipc=none leaves the container without /dev/shm (fix-2026-12-07p p13)
NODE_RANK=${1:?usage: $0 NODE_RANK}
docker run -d --name "trainer-$NODE_RANK" --gpus all --network=host --ipc=none \
  -e NCCL_SOCKET_IFNAME=ens5 \
  nvcr.io/nvidia/pytorch:24.03-py3 \
  torchrun --nnodes=2 --nproc_per_node=8 --node_rank="$NODE_RANK" \
    --master_addr=10.1.0.11 --master_port=29500 train.py --workers 8
