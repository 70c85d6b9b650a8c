#!/bin/bash
# pdsh -w gpu-[01-02] 'cd /shared/proj && ./p07_rdzv_getent.sh'
set -euo pipefail
HEAD=$(getent hosts gpu-01)
export NCCL_SOCKET_IFNAME=eno1

exec torchrun --nnodes=2 --nproc_per_node=8 \
  --rdzv_backend=c10d \
  --rdzv_id=bert-ft-42 \
  --rdzv_endpoint="${HEAD}:29400" \
  finetune.py --lr 3e-5
