#!/bin/bash
# p03_emul.sh PORT LOG: TensorBoard stand-in (python http.server) on PORT, then p03's torchrun line with that port
port=$1; log=$2
/usr/bin/python3 -m http.server "$port" --bind 0.0.0.0 >/dev/null 2>&1 &
tb=$!
trap 'kill $tb' EXIT
sleep 1
timeout 90 nice -n 10 /usr/bin/python3 -m torch.distributed.run --nnodes=1 --nproc_per_node=2 --redirects 1 --tee 1 \
  --master_addr=127.0.0.1 --master_port="${TR_PORT:-$port}" cases/c03_metrics_fixed_keys.py >"$log" 2>&1
echo "rc=$?" | tee -a "$log"
