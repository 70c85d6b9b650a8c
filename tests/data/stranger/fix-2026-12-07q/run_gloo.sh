#!/bin/bash
# run_gloo.sh SCRIPT LOG [script args...]: a real 2-rank Gloo job on this machine (torch 1.13, /usr/bin/python3)
script=$1; log=$2; shift 2
port=$(( 29600 + RANDOM % 300 ))
timeout 90 nice -n 10 /usr/bin/python3 -m torch.distributed.run --nnodes 1 --nproc_per_node 2 --redirects 1 --tee 1 \
  --master_addr 127.0.0.1 --master_port $port "$script" "$@" >"$log" 2>&1
rc=$?
echo "rc=$rc" >>"$log"
echo "$script rc=$rc"
