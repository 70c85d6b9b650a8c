#!/bin/bash
# run_worker.sh INDEX   (0 on gpu-a, 1 on gpu-b)
set -euo pipefail
INDEX=${1:?usage: $0 INDEX}
TF_CONFIG=$(jq -cn --argjson i "$INDEX" \
  '{cluster: {worker: ["gpu-a:12345", "gpu-b:12345"]}, task: {type: "worker", index: $i}}')
docker run --rm --gpus all --network=host --ipc=host \
  -v /data:/data \
  -e TF_CONFIG="$TF_CONFIG" \
  -e NCCL_SOCKET_IFNAME=ens5 \
  trainer-tf:2.15.0 --epochs 30
