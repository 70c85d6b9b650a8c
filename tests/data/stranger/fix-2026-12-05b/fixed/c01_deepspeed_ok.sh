#!/bin/bash
set -euo pipefail
MASTER=$(head -n 1 ./hostfile | awk '{print $1}')
deepspeed --hostfile ./hostfile --num_nodes=2 --num_gpus=8 \
    --master_addr "$MASTER" --master_port 29600 \
    pretrain.py --deepspeed ds_config.json
