#!/bin/bash
# Prepare the 4 training VMs (GCP, VPC network "train-net" created with the default MTU 1460),
# then start the job. Run from the bastion.
set -euo pipefail
NODES=(train-vm-1 train-vm-2 train-vm-3 train-vm-4)
for n in "${NODES[@]}"; do
  # bigger frames = fewer packets for the all-reduce
  ssh "$n" sudo ip link set dev ens4 mtu 9000
done
i=0
for n in "${NODES[@]}"; do
  ssh "$n" "cd /opt/train && NCCL_SOCKET_IFNAME=ens4 nohup torchrun --nnodes=4 --nproc_per_node=4 \
    --rdzv_backend=c10d --rdzv_endpoint=train-vm-1:29400 --rdzv_id=bert train.py > train_$i.log 2>&1 &"
  i=$((i + 1))
done
