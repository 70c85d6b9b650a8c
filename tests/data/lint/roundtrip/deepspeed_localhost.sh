#!/bin/bash
# DeepSpeed ZeRO-3 on 2 x 8 GPUs (hostfile: gpu-a01 slots=8, gpu-a02 slots=8)
deepspeed --hostfile=./hostfile \
  --num_nodes=2 --num_gpus=8 \
  --master_addr=localhost --master_port=29600 \
  finetune.py --deepspeed configs/zero3.json
