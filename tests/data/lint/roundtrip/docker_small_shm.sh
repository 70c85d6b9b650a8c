#!/bin/bash
# one node, 8 GPUs, a DataLoader with 8 workers per rank
docker run --rm --gpus all --net=host --shm-size 256m \
  -v /data/imagenet:/data:ro \
  registry.local/ml/resnet:3.1 \
  torchrun --standalone --nproc_per_node=8 train.py --workers 8 --data /data
