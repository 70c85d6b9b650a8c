#!/bin/bash
# run2.sh FILE TAG [timeout]: 2 local Gloo processes under torch.distributed.run (torch 1.13, /usr/bin/python3),
# with the caller's environment (export GLOO_SOCKET_IFNAME etc. before calling)
f=$1; tag=$2; to=${3:-60}
port=$((29600 + RANDOM % 300))
nice timeout -k 5 $to /usr/bin/python3 -m torch.distributed.run --nnodes=1 --nproc_per_node=2 --master_addr=127.0.0.1 --master_port=$port --redirects 1 --tee 1 "$f" > out/run/$tag.log 2>&1
echo "rc=$?" >> out/run/$tag.log
tail -n 3 out/run/$tag.log
