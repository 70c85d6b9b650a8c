#!/bin/bash
# usage: ./p18_docker_run_no_ipc.sh NODE_RANK   (run on node-a and node-b)
NODE_RANK=${1:?node rank}

docker run --ipc=host --rm --gpus all --network=host \
  -e NCCL_SOCKET_IFNAME=enp65s0 \
  -e MASTER_ADDR=node-a -e MASTER_PORT=29500 \
  -v /data:/data -v $PWD:/work -w /work \
  nvcr.io/nvidia/pytorch:24.05-py3 \
  torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$NODE_RANK \
    --master_addr=node-a --master_port=29500 train.py --data /data/imagenet
