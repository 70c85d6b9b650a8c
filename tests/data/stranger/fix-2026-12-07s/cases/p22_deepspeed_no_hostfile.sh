#!/bin/bash
# Two 8-GPU nodes: gpu-01 and gpu-02 (passwordless ssh between them). Started on gpu-01.
set -euo pipefail
export NCCL_SOCKET_IFNAME=ens1f0
deepspeed --num_nodes=2 --num_gpus=8 \
  --master_addr=gpu-01 --master_port=29600 \
  train_ds.py --deepspeed --deepspeed_config ds_config.json
