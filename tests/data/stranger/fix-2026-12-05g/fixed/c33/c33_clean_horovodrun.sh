#!/usr/bin/env bash
set -euo pipefail
export NCCL_SOCKET_IFNAME=ens3
horovodrun -np 8 -H gpu-a:4,gpu-b:4 \
    --network-interface ens3 \
    python c32_clean_hvd_keras.py
