#!/bin/bash
# distdoctor launch-template --launcher mpirun --nodes 2 --gpus-per-node 8
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
# --- rendezvous: run once, on the first host of the hostfile ---
HOSTFILE="${HOSTFILE:-hostfile}"              # one host per line, e.g. "node0 slots=8"
[ -r "$HOSTFILE" ] || { echo "no hostfile $HOSTFILE" >&2; exit 2; }  # stop with a message when the hostfile is missing
MASTER_ADDR="$(awk 'NF && $1 !~ /^#/ {print $1; exit}' "$HOSTFILE")"  # the hostfile's first host is rank 0
export MASTER_ADDR MASTER_PORT="${MASTER_PORT:-29500}"  # torch's env:// rendezvous reads both
export LD_LIBRARY_PATH="${LD_LIBRARY_PATH:-}"  # set, maybe empty, so that mpirun has one to forward
mpirun -np 16 --hostfile "$HOSTFILE" --map-by ppr:8:node \
  -x PATH -x LD_LIBRARY_PATH -x NCCL_SOCKET_IFNAME -x GLOO_SOCKET_IFNAME -x NCCL_DEBUG \
  -x MASTER_ADDR -x MASTER_PORT \
  --mca oob_tcp_if_include "${NCCL_SOCKET_IFNAME#=}" --mca btl_tcp_if_include "${NCCL_SOCKET_IFNAME#=}" \
  python3 train.py "$@"  # rank/size from OMPI_COMM_WORLD_RANK / OMPI_COMM_WORLD_SIZE
