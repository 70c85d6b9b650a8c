#!/usr/bin/env bash
# run on both machines: bash r03_prefix_lo.sh <node_rank>
set -e
NODE_RANK=${1:?node rank}
cd /data/proj

torchrun --nnodes=2 --nproc_per_node=4 --node_rank="$NODE_RANK" --master_addr=10.1.0.11 --master_port=29500 train.py
