#!/bin/bash
# Elastic-style launch on all nodes of the reservation with pdsh; the c10d
# rendezvous hands out node ranks, so the command is the same on every host.
NODES=${NODES:-"a100-[01-04]"}
RDZV_HOST=a100-01
JOB_ID=clip-$(date +%s)

pdsh -R ssh -w "$NODES" "cd /nfs/clip && source .venv/bin/activate && \
  NCCL_SOCKET_IFNAME=eth2 torchrun \
    --nnodes=4 --nproc_per_node=8 \
    --rdzv_backend=c10d --rdzv_endpoint=$RDZV_HOST:29400 --rdzv_id=$JOB_ID \
    train_clip.py --batch-size 256 --precision amp_bf16"
