#!/bin/bash
# run_gloo.sh (copied from fix-2026-12-07o) SCRIPT LOG [extra torchrun flags...]: 2 local ranks, Gloo, torch 1.13 (Debian), nice, timeout 90
script=$1; log=$2; shift 2
GLOO_SOCKET_IFNAME=${GLOO_SOCKET_IFNAME:-lo} timeout 90 nice -n 10 /usr/bin/python3 -m torch.distributed.run \
  --nnodes 1 --nproc_per_node 2 --redirects 1 --tee 1 --master_port ${PORT:-29531} "$@" "$script" > "$log" 2>&1
rc=$?
echo "rc=$rc" >> "$log"
echo "$script rc=$rc"
