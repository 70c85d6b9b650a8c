#!/usr/bin/env bash
# Start the job on every node from the login box.
# usage: ./launch_all.sh hosts.txt
set -e

HOSTFILE=${1:-hosts.txt}
MASTER=$(head -n1 "$HOSTFILE")
NNODES=$(wc -l < "$HOSTFILE")
WORKDIR=/mnt/shared/projects/detr

for host in $(cat "$HOSTFILE"); do
  echo "starting on $host"
  ssh -f "$host" "cd $WORKDIR && source .venv/bin/activate && \
    NCCL_SOCKET_IFNAME=enp65s0f0 nohup torchrun --nnodes=$NNODES --nproc_per_node=8 \
      --node_rank=0 --master_addr=$MASTER --master_port=29400 \
      main.py --coco_path /data/coco > logs/$host.log 2>&1"
done
wait
echo "all nodes started"
