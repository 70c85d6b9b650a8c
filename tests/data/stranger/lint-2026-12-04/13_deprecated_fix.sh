#!/bin/bash
NODE_RANK=$1
python -m torch.distributed.launch --nproc_per_node 8 --nnodes 2 --node_rank "$NODE_RANK" --master_addr node01 --use_env train.py --epochs 10
python3 -m torch.distributed.launch --nproc_per_node=$NGPU main.py --local_rank=0
