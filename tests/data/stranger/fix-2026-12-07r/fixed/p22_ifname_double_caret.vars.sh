# Cluster defaults for 2-node jobs (each node: lo, docker0, ens1f0 10.1.0.x)
export NNODES=2
export MASTER_ADDR=10.1.0.11
export MASTER_PORT=29500
# keep NCCL off the docker bridge and off loopback
export NCCL_SOCKET_IFNAME=^docker0,^lo
