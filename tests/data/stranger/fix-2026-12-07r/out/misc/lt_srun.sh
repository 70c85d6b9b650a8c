#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
# distdoctor launch-template --launcher srun --nodes 2 --gpus-per-node 4
# made on vm; run distdoctor preflight on all nodes to verify the cluster
# gloo.hostname-loopback: host name 'vm' resolves to 127.0.0.1: Gloo binds the loopback interface, which ranks on other nodes cannot connect to
#   export GLOO_SOCKET_IFNAME=eth0 (binds 192.0.2.2); or map this host name to the node's real address in /etc/hosts
set -eu  # not pipefail: head -n 1 may close the pipe before scontrol ends (SIGPIPE)
# --- network and NCCL: verified by distdoctor check on this node ---
export NCCL_SOCKET_IFNAME=eth0                # NCCL picks eth0 (192.0.2.2) here; pinned so no node falls back to another link
export GLOO_SOCKET_IFNAME=eth0                # fix from gloo.hostname-loopback
export NCCL_DEBUG=WARN                        # warnings only: a healthy job stays quiet
# export NCCL_DEBUG=INFO                      # switch on when a job hangs: prints NCCL's interface and transport choice
# export NCCL_DEBUG_SUBSYS=INIT,NET           # with INFO: only init and network lines (for distdoctor logs)
# --- rendezvous: submit with sbatch; srun starts one torchrun per node ---
MASTER_ADDR="$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)"  # the allocation's first node (SLURM_JOB_NODELIST expanded by scontrol)
export MASTER_ADDR                            # srun passes the environment to every task
export MASTER_PORT="${MASTER_PORT:-29500}"    # a free TCP port on the first node
srun --ntasks-per-node=1 bash -c 'exec torchrun --nnodes="$SLURM_NNODES" --nproc_per_node=4 --node_rank="$SLURM_NODEID" --master_addr="$MASTER_ADDR" --master_port="$MASTER_PORT" train.py'  # SLURM_NODEID read on each node
