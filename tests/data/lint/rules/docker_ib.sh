#!/bin/bash
export NCCL_IB_HCA=mlx5_0
docker run --gpus all --network=host --ipc=host -e NCCL_IB_HCA=mlx5_0 image:latest python train.py
