#!/bin/bash
# run_2agents.sh SCRIPT PORT: two torchrun agents on this machine as "2 nodes x 1 process" (c10d on 127.0.0.1:PORT), 90 s limit
# (copy of run_2agents.sh made after the freeze: timeout -k 10 so a hung torchrun is killed)
script=$1; port=${2:-29471}
pids=()
for n in 0 1; do
  timeout -k 10 90 nice -n 10 /usr/bin/python3 -m torch.distributed.run --nnodes=2 --nproc_per_node=1 --redirects 1 --tee 1 \
    --rdzv_backend=c10d --rdzv_id=s23 --rdzv_endpoint=127.0.0.1:$port "$script" > /tmp/s23_agent$n.log 2>&1 &
  pids+=($!)
done
rcs=()
for p in "${pids[@]}"; do wait $p; rcs+=($?); done
for n in 0 1; do echo "--- agent $n"; grep -vE "^ +(File|\^|result|return|raise|self|time\.sleep)" /tmp/s23_agent$n.log | grep -E '\]:|Error|error' | tail -n 6; done
echo "rc=${rcs[*]}"
