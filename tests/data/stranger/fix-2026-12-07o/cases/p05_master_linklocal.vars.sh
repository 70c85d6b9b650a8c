# node 0 (this machine); master address taken from `ip -6 addr show eth0`
export NNODES=2
export NODE_RANK=0
export NPROC_PER_NODE=2
export MASTER_ADDR=fe80::fc:ff:fe00:1
export MASTER_PORT=29500
export GLOO_SOCKET_IFNAME=eth0
export NCCL_SOCKET_IFNAME=eth0
