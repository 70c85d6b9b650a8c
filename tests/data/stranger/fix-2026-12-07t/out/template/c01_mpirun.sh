#!/bin/bash
# distdoctor launch-template --launcher mpirun --nodes 2 --gpus-per-node 8
# made on gpu-01; run distdoctor preflight on all nodes to verify the cluster
# nccl.bootstrap.virtual-interface: NCCL's bootstrap and NET/Socket will use bond0:198.18.40.11 (veth interface) while eno1 is a real data interface
#   export NCCL_SOCKET_IFNAME==eno1 (selects eno1, veth interface, 10000 Mb/s) on every node; interface names can differ between nodes, `distdoctor preflight` finds per-host values
set -eu  # stop at the first failing command or unset variable
# --- network and NCCL: verified by distdoctor check on this node ---
export NCCL_SOCKET_IFNAME==eno1               # fix from nccl.bootstrap.virtual-interface; '=' = exact names: eno1 only, not every interface whose name starts with eno1
export GLOO_SOCKET_IFNAME=bond0               # Gloo and the c10d store on NCCL's link, not the hostname's address
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
