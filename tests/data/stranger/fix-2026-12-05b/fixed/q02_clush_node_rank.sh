#!/bin/bash
set -eu
HEAD=10.20.0.11
clush -w gpu[01-04] "cd /scratch/run && torchrun --nnodes=4 --nproc_per_node=8 --node_rank=0 --master_addr=$HEAD --master_port=29500 train.py"
