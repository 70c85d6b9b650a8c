#!/bin/bash
# run_static_2nodes.sh PORT SCRIPT: p04's launch shape (static rendezvous, --master_port=PORT, node ranks 0 and 1)
# as two torchrun agents on this machine, 1 process each, master 127.0.0.1; 60 s limit (-k 10)
port=$1; script=$2; pids=()
for n in 0 1; do
  timeout -k 10 60 nice -n 10 /usr/bin/python3 -m torch.distributed.run --nnodes=2 --nproc_per_node=1 --node_rank=$n \
    --master_addr=127.0.0.1 --master_port=$port --redirects 1 --tee 1 "$script" > /tmp/s23_static$n.log 2>&1 & pids+=($!)
done
rcs=(); for p in "${pids[@]}"; do wait $p; rcs+=($?); done
for n in 0 1; do echo "--- node $n"; grep -vE "^ +(File|\^|result|return|raise|self|time\.sleep)" /tmp/s23_static$n.log | grep -E '\]:|Error|error|refused' | tail -n 4; done
echo "rc=${rcs[*]}"
