#!/bin/bash
set -euo pipefail
# two nodes listed in ./hostfile (gpu-a01 slots=8, gpu-a02 slots=8)
deepspeed --hostfile ./hostfile \
    --num_nodes=2 --num_gpus=8 \
    --master_port 29600 \
    pretrain.py --deepspeed ds_config.json --epochs 3
