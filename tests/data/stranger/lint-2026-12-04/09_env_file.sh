#!/bin/sh
# sourced by every job
NCCL_SOCKET_IFNAME=${NCCL_SOCKET_IFNAME:-eth0}
export NCCL_SOCKET_IFNAME
export MASTER_ADDR="$(hostname)"
export NCCL_ASYNC_ERROR_HANDLING=1
export TORCH_NCCL_BLOCKING_WAIT=1
export NCCL_TIMEOUT=1800
export TF_CONFIG='{"cluster": {"worker": ["a:1", "b:1"]}, "task": {"type": "worker", "index": 0}'
