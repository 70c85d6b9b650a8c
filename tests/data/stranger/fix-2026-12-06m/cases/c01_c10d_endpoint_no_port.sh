#!/bin/bash
# run on every node with the same JOB_ID and MASTER_ADDR (given by the scheduler wrapper)
: "${JOB_ID:?}" "${MASTER_ADDR:?}"
export NCCL_SOCKET_IFNAME=ens5
export GLOO_SOCKET_IFNAME=ens5
# c10d's endpoint port defaults to 29400 when none is given
torchrun --nnodes=2 --nproc_per_node=8 --rdzv-backend=c10d \
    --rdzv-endpoint="$MASTER_ADDR" --rdzv-id="$JOB_ID" train.py
