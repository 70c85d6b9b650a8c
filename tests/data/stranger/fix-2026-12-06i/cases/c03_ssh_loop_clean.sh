#!/bin/bash
# one torchrun per host over ssh; the first host is the rendezvous master
HOSTS=(gpu01 gpu02)
MASTER=${HOSTS[0]}
NNODES=${#HOSTS[@]}
for i in "${!HOSTS[@]}"; do
  ssh "${HOSTS[$i]}" "cd /shared/proj && NCCL_SOCKET_IFNAME=ens5 torchrun --nnodes=$NNODES --nproc_per_node=8 --node_rank=$i --master_addr=$MASTER --master_port=29500 c01_ddp_env_clean.py" &
done
wait
