#!/bin/bash
# start torchrun on each worker over ssh
HOSTS=(trn-01 trn-02 trn-03 trn-04)
MASTER_ADDR=trn-01
MASTER_PORT=29500
NNODES=${#HOSTS[@]}

for i in "${!HOSTS[@]}"; do
    h=${HOSTS[$i]}
    ssh "$h" 'cd ~/work/t5 && NCCL_SOCKET_IFNAME=ens5 torchrun \
        --nnodes='$NNODES' --nproc_per_node=4 --node_rank=$i \
        --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT \
        train_t5.py > train.$(hostname).log 2>&1' &
done
wait
