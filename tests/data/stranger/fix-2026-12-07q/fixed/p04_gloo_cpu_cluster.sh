#!/bin/bash
# CPU-only cluster (4 Debian nodes, no GPUs): DDP with the gloo backend.
# run on every node:  NODE_RANK=<0..3> ./p04_gloo_cpu_cluster.sh
export NCCL_SOCKET_IFNAME=ens5
export OMP_NUM_THREADS=16

torchrun --nnodes=4 --nproc_per_node=2 --node_rank="$NODE_RANK" \
    --master_addr=cpu-node01 --master_port=29500 \
    train_cpu.py --backend gloo --batch-size 64
