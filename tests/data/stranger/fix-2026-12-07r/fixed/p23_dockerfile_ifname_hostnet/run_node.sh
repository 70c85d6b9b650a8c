#!/bin/bash
# On each node (ip -br addr: lo, eno1 192.168.0.x (BMC/mgmt), ens1f0 10.1.0.x (data), docker0):
#   ./run_node.sh 0   on gpu-a (10.1.0.11)
#   ./run_node.sh 1   on gpu-b
set -eu
docker run --rm --gpus all --network=host --ipc=host \
    registry.example.com/ml/trainer:2.3.1 \
    --nnodes=2 --nproc_per_node=8 --node_rank="${1:?node rank}" \
    --master_addr=10.1.0.11 --master_port=29500 /app/train.py
