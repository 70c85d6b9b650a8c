#!/bin/bash
# run on each of the 2 nodes: ./p04_docker_noshm.sh <node_rank>
set -euo pipefail
NODE_RANK=$1
docker run --rm --gpus all \
    --network=host \
    -e NCCL_SOCKET_IFNAME=ens5 \
    -e MASTER_ADDR=10.1.0.11 -e MASTER_PORT=29500 \
    -v /data:/data \
    nvcr.io/nvidia/pytorch:24.05-py3 \
    torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$NODE_RANK \
      --master_addr=10.1.0.11 --master_port=29500 /data/train.py --workers 8
