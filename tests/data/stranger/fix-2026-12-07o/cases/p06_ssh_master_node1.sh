#!/bin/bash
# one torchrun per server; gpu-a (10.10.0.11) is node 0, gpu-b (10.10.0.12) is node 1
set -euo pipefail
MASTER=10.10.0.12
PORT=29500
i=0
for host in 10.10.0.11 10.10.0.12; do
  ssh "$host" "cd /srv/proj && torchrun --nnodes=2 --nproc_per_node=8 --node_rank=$i \
      --master_addr=$MASTER --master_port=$PORT train.py --epochs 20" &
  i=$((i + 1))
done
wait
