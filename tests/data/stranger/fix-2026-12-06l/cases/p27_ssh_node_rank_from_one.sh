#!/bin/bash
# launch on node01 and node02
for i in 1 2; do
    ssh node0$i "cd /shared/proj && nohup torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$i \
        --master_addr=node01 --master_port=29500 train.py > log.node$i 2>&1 &"
done
