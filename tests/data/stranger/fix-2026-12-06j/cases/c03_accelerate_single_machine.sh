#!/bin/bash
accelerate launch --multi_gpu --num_machines 1 --num_processes 4 \
  --main_process_ip 127.0.0.1 --main_process_port 29555 \
  train.py
