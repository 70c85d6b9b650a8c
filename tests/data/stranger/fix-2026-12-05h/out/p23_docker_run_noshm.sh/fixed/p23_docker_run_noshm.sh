#!/usr/bin/env bash
# start one training container on this node; run on both nodes with NODE_RANK=0/1
set -euo pipefail

: "${NODE_RANK:?set NODE_RANK}"
IMAGE=myorg/detectron-train:1.4

docker run --ipc=host --rm --gpus all \
    --network=host \
    -v /mnt/datasets/coco:/data:ro \
    -v "$PWD/output:/output" \
    -e NCCL_SOCKET_IFNAME=eth0 \
    -e MASTER_ADDR=10.0.3.7 -e MASTER_PORT=29500 \
    "$IMAGE" \
    torchrun --nnodes=2 --node_rank="$NODE_RANK" --nproc_per_node=8 \
      --master_addr=10.0.3.7 --master_port=29500 \
      tools/train_net.py --num-gpus 8 DATALOADER.NUM_WORKERS 8
