#!/bin/bash
# usage: ./launch.sh <machine_rank>  on each of the two hosts
set -euo pipefail
MACHINE_RANK=$1
export NCCL_SOCKET_IFNAME=enp1s0
accelerate launch \
  --multi_gpu \
  --num_machines 2 \
  --num_processes 16 \
  --machine_rank "$MACHINE_RANK" \
  --main_process_ip 10.0.3.4 \
  --main_process_port 29500 \
  train_sft.py --model_name_or_path meta-llama/Llama-2-7b-hf
