#!/bin/bash
# distdoctor launch-template --launcher tf --nodes 2 --gpus-per-node 8
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
# --- TF_CONFIG: run on every worker with TASK_INDEX set (0 is the chief) ---
WORKERS=("WORKER0_HOST:12345" "WORKER1_HOST:12345")  # replace each WORKERn_HOST with that worker's host name or address (12345: the job's port); the same list in the same order everywhere
for w in "${WORKERS[@]}"; do [[ $w != WORKER*_HOST:* ]] || { echo "replace $w in WORKERS with that worker's host:port" >&2; exit 2; }; done  # stop until every host is filled in
TASK_INDEX="${TASK_INDEX:?set TASK_INDEX: the index of this worker in WORKERS}"  # 0..1
WORKER_LIST="$(printf '"%s",' "${WORKERS[@]}")"  # JSON strings, comma separated
TF_CONFIG="{\"cluster\":{\"worker\":[${WORKER_LIST%,}]},\"task\":{\"type\":\"worker\",\"index\":$TASK_INDEX}}"  # one cluster, this worker's task
export TF_CONFIG                              # MultiWorkerMirroredStrategy reads it at start
python3 train.py "$@"  # the same script on every worker
