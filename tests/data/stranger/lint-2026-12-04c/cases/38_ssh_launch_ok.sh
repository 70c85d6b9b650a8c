#!/usr/bin/env bash
# ssh_launch_ok.sh: start one torchrun per host; host index = node rank.
set -euo pipefail

HOSTS=(gpu-n01 gpu-n02 gpu-n03)
MASTER_ADDR=10.9.0.1        # gpu-n01 on the 25G fabric
MASTER_PORT=29500
NNODES=${#HOSTS[@]}
RUN_ID=$(date +%Y%m%d-%H%M%S)

for i in "${!HOSTS[@]}"; do
  host=${HOSTS[$i]}
  ssh "$host" "cd /srv/ml/vae && \
    export NCCL_SOCKET_IFNAME=ens6f0 GLOO_SOCKET_IFNAME=ens6f0 && \
    torchrun --nnodes=$NNODES --nproc_per_node=2 --node_rank=$i \
      --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT \
      train_vae.py --run-id $RUN_ID > logs/$RUN_ID-\$(hostname).log 2>&1" &
done
wait
