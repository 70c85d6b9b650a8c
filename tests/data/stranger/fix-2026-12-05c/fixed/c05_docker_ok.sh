#!/bin/bash
docker run --rm --gpus all --net=host --ipc=host \
  -v /data/imagenet:/data:ro \
  registry.local/ml/resnet:3.1 \
  torchrun --standalone --nproc_per_node=8 train.py --workers 8 --data /data
