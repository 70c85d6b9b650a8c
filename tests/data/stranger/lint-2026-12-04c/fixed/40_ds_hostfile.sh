#!/bin/bash
# DeepSpeed multi-node launch. NCCL_* variables reach the other nodes through
# the runner's export of NCCL_* and through .deepspeed_env.
set -e
cd /work/gpt-ft

cat > hostfile <<HOSTS
worker-1 slots=8
worker-2 slots=8
HOSTS

cat > .deepspeed_env <<ENVV
NCCL_SOCKET_IFNAME=eth0
NCCL_IB_DISABLE=0
NCCL_IB_HCA=mlx5_0
ENVV

deepspeed --hostfile hostfile --master_addr worker-1 --master_port 29700 \
  train.py --deepspeed --deepspeed_config ds_config.json \
  --model_name gpt2-xl --epochs 3
