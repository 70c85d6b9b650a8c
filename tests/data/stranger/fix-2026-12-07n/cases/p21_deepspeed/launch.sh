#!/bin/bash
# hostfile: gpu-a slots=8 / gpu-b slots=8
deepspeed --hostfile=hostfile --num_nodes=2 --num_gpus=8 \
    train.py --deepspeed --deepspeed_config ds_config.json
