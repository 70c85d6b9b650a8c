#!/bin/bash
set -eu
HEAD=10.20.0.11
clush -w gpu[01-04] "cd /scratch/run && torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29500 train.py"
