#!/bin/bash
# worker 0 of 2: TF_CONFIG's JSON in an unquoted word loses its double quotes in bash (fix-2026-12-07p p11)
docker run --rm --gpus all --network=host --ipc=host \
  -e TF_CONFIG={"cluster":{"worker":["gpu-a:12345","gpu-b:12345"]},"task":{"type":"worker","index":0}} \
  tensorflow/tensorflow:2.15.0-gpu python /data/train_mwms.py
