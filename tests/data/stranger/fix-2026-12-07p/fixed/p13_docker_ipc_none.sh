#!/bin/bash
# one container per node (gpu-a is node 0); we don't want the container to share IPC with the host
NODE_RANK=${1:?usage: $0 NODE_RANK}
docker run --ipc=host -d --name "trainer-$NODE_RANK" --gpus all --network=host --ipc=none \
  -e NCCL_SOCKET_IFNAME=ens5 \
  -e GLOO_SOCKET_IFNAME=ens5 \
  -v /datasets/imagenet:/data:ro \
  nvcr.io/nvidia/pytorch:24.03-py3 \
  torchrun --nnodes=2 --nproc_per_node=8 --node_rank="$NODE_RANK" \
    --master_addr=10.1.0.11 --master_port=29500 \
    /data/scripts/train_resnet.py --workers 8 --batch-size 256
