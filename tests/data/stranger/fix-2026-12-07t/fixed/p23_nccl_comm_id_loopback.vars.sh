# Sourced on both nodes before `torchrun --nnodes=2 ... --rdzv_endpoint=$MASTER_ADDR:29400`
# NCCL's bootstrap port pinned so that the firewall rule (29400-29410) covers it.
export MASTER_ADDR=10.70.0.21
export MASTER_PORT=29401
export NCCL_COMM_ID=127.0.0.1:29402
export NCCL_SOCKET_IFNAME=ens6
export GLOO_SOCKET_IFNAME=ens6
export NNODES=2
export NPROC_PER_NODE=8
