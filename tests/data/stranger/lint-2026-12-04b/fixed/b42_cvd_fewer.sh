#!/bin/bash
# node launcher, NODE_RANK passed by pdsh wrapper: pdsh -w gpu[01-02] 'bash launch.sh %n'
NODE_RANK=${1:?node rank}
export CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7
torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$NODE_RANK \
    --master_addr=gpu01 --master_port=29500 train.py --bs 32
