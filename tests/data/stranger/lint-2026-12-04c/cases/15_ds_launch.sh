#!/bin/bash
# DeepSpeed ZeRO-3 fine-tune on 2 x 8 H100
# hostfile:
#   gpu-a01 slots=8
#   gpu-a02 slots=8
cd /home/mlops/llama-ft

export NCCL_SOCKET_IFNAME=bond0

deepspeed --hostfile=./hostfile \
  --num_nodes=2 --num_gpus=8 \
  --master_addr=localhost --master_port=29600 \
  finetune.py \
  --model_name_or_path meta-llama/Llama-2-13b-hf \
  --deepspeed configs/zero3.json \
  --per_device_train_batch_size 4 \
  --output_dir /checkpoints/llama13b-sft
