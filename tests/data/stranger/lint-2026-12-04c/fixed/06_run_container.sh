#!/bin/bash
# Run one node's share of the job inside the NGC container.
# Call on each node: ./run_container.sh <node_rank>
NODE_RANK=${1:?node rank}
IMAGE=nvcr.io/nvidia/pytorch:24.05-py3
MASTER_ADDR=10.20.0.11

docker run --ipc=host --rm --gpus all \
  --network=host \
  --ulimit memlock=-1 --ulimit stack=67108864 \
  -v /data/imagenet:/data:ro \
  -v "$PWD":/workspace/job -w /workspace/job \
  -e NCCL_SOCKET_IFNAME=ens3 \
  -e NCCL_DEBUG=WARN \
  "$IMAGE" \
  torchrun --nnodes=2 --nproc_per_node=8 --node_rank="$NODE_RANK" \
    --master_addr="$MASTER_ADDR" --master_port=29500 \
    train.py --workers 10 --batch-size 256 /data
