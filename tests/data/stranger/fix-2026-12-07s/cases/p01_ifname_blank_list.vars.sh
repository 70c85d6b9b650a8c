# Settings sourced on both nodes (gpu-a, gpu-b) before `torchrun --nnodes=2 ...`.
# Each node has two 100G ports on the data network: ens1f0 and ens1f1.
export MASTER_ADDR=10.20.0.11
export MASTER_PORT=29500
export NNODES=2
export NPROC_PER_NODE=8
export NCCL_SOCKET_IFNAME="ens1f0 ens1f1"
export NCCL_DEBUG=WARN
