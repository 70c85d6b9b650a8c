#!/bin/bash
# distdoctor launch-template --launcher torchrun --nodes 2 --gpus-per-node 8
# made on gpu-01; run distdoctor preflight on all nodes to verify the cluster
# gloo.hostname-unresolvable: host name 'gpu-01' gives no bindable address: Gloo falls back to 127.0.0.1
#   export GLOO_SOCKET_IFNAME=eno1 (binds 198.18.1.11); or map this host name to the node's real address in /etc/hosts
set -eu  # stop at the first failing command or unset variable
# --- network and NCCL: verified by distdoctor check on this node ---
export NCCL_SOCKET_IFNAME=eno1                # NCCL picks eno1 (198.18.1.11) here; pinned so no node falls back to another link
export GLOO_SOCKET_IFNAME=eno1                # fix from gloo.hostname-unresolvable
export NCCL_DEBUG=WARN                        # warnings only: a healthy job stays quiet
# export NCCL_DEBUG=INFO                      # switch on when a job hangs: prints NCCL's interface and transport choice
# export NCCL_DEBUG_SUBSYS=INIT,NET           # with INFO: only init and network lines (for distdoctor logs)
# --- rendezvous: run this script on every node, NODE_RANK=0 on the master ---
MASTER_ADDR="${MASTER_ADDR:?set MASTER_ADDR to the address of node 0}"  # node 0's address on the NCCL interface, same on every node
MASTER_PORT="${MASTER_PORT:-29500}"           # a free TCP port on node 0 (torchrun's c10d store)
NODE_RANK="${NODE_RANK:?set NODE_RANK: 0 on the master}"  # this node's index, 0..1
torchrun --nnodes=2 --nproc_per_node=8 \
  --node_rank="$NODE_RANK" --master_addr="$MASTER_ADDR" --master_port="$MASTER_PORT" \
  train.py "$@"  # torchrun, not the deprecated python -m torch.distributed.launch
