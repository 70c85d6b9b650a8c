#!/bin/bash
# worker 0 of 2 (this script on gpu-a; gpu-b runs a copy with "index":1)
docker run --rm --gpus all --network=host --ipc=host \
  -v /data:/data \
  -e TF_CONFIG={"cluster":{"worker":["gpu-a:12345","gpu-b:12345"]},"task":{"type":"worker","index":0}} \
  -e TF_CPP_MIN_LOG_LEVEL=1 \
  tensorflow/tensorflow:2.15.0-gpu \
  python /data/train_mwms.py --epochs 30
