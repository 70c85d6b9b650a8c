#!/bin/bash
cat > hostfile <<HOSTS
worker-1 slots=8
worker-2 slots=8
HOSTS
echo "NCCL_SOCKET_IFNAME=ens5" > .deepspeed_env
deepspeed --hostfile hostfile --num_nodes=2 --num_gpus=8 --master_addr=worker-1 --master_port=29500 \
  train.py --deepspeed --deepspeed_config ds_config.json
