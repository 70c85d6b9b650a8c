#!/bin/bash
# node launcher for the container image; same script on every node
# ./docker_ib.sh <node_rank> <nnodes> <master_ip>
set -eu
NODE_RANK=$1
NNODES=$2
MASTER_IP=$3

docker run --rm --gpus all \
    --network=host --ipc=host \
    --ulimit memlock=-1:-1 --ulimit stack=67108864 \
    --device=/dev/infiniband \
    --cap-add=IPC_LOCK \
    -v /lustre/datasets:/datasets:ro \
    -v /lustre/ckpt/$USER:/ckpt \
    -e NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3 \
    -e NCCL_SOCKET_IFNAME=bond0 \
    -e NCCL_DEBUG=WARN \
    nvcr.io/nvidia/pytorch:24.05-py3 \
    torchrun --nnodes="$NNODES" --nproc_per_node=8 --node_rank="$NODE_RANK" \
        --master_addr="$MASTER_IP" --master_port=29500 \
        /datasets/code/train_llama.py --ckpt-dir /ckpt
