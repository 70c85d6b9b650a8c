#!/bin/bash
# launch.sh: run on every node by pdsh:
#   pdsh -w gpu-[a-d] 'cd /shared/proj && ./launch.sh'
# gpu-c and gpu-d were added in March; they got NCCL 2.21 in /opt/nccl (faster all-reduce).
set -eu
source /shared/venvs/torch23/bin/activate    # torch 2.3.1 wheel (bundles NCCL 2.20.5)

case "$(hostname -s)" in
  gpu-c|gpu-d)
    export LD_PRELOAD=/opt/nccl-2.21.5/lib/libnccl.so.2
    ;;
esac

export NCCL_SOCKET_IFNAME=ens1f0
NODE_RANK=$(( $(hostname -s | tr 'abcd' '0123' | sed 's/gpu-//') ))

exec torchrun --nnodes=4 --nproc_per_node=8 --node_rank="$NODE_RANK" \
    --master_addr=gpu-a --master_port=29500 train.py
