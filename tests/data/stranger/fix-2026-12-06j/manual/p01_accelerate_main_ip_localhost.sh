#!/bin/bash
# run on both machines: NODE_RANK=0 on gpu-a, NODE_RANK=1 on gpu-b
set -euo pipefail
NODE_RANK=${NODE_RANK:?set NODE_RANK}
accelerate launch --multi_gpu \
  --num_machines 2 --num_processes 16 \
  --machine_rank "$NODE_RANK" \
  --main_process_ip gpu-a --main_process_port 29500 \
  train.py --config configs/base.yaml
