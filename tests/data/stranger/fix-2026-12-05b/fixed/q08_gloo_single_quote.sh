#!/bin/bash
set -euo pipefail
IFACE=$(ip -o -4 route show to default | awk '{print $5}')
export GLOO_SOCKET_IFNAME="${IFACE}"
torchrun --nnodes=2 --nproc_per_node=2 --rdzv_backend=c10d --rdzv_endpoint=10.0.3.1:29400 cpu_train.py
