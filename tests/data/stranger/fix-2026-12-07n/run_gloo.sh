#!/bin/bash
# run_gloo.sh SCRIPT OUTPREFIX PORT: a real 2-process torch 1.13 Gloo job on this machine, under timeout 60
script=$1; out=$2; port=$3
rm -f /tmp/s17_p08_ckpt.pt
start=$(date +%s)
MASTER_ADDR=127.0.0.1 nice timeout 60 /usr/bin/python3 -m torch.distributed.run --nnodes=1 --nproc_per_node=2 \
  --master_addr=127.0.0.1 --master_port=$port --redirects 1 --tee 1 "$script" > "$out.log" 2>&1
rc=$?
echo "rc=$rc seconds=$(( $(date +%s) - start ))" >> "$out.log"
tail -n 1 "$out.log"
