#!/bin/bash
# start_node.sh: ops run this on both nodes with `pdsh -w node[01-02] /shared/start_node.sh`
set -e
NODE_RANK=$(( $(hostname | sed 's/node0*//') - 1 ))
# avoid clashing with other users' jobs on 29500
export MASTER_PORT=$((29000 + RANDOM % 1000))
export MASTER_ADDR=node01
torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$NODE_RANK \
    --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT /shared/train.py
