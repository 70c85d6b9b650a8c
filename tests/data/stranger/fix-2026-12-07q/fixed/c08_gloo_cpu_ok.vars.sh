# CPU job with gloo on this machine and a second one (node rank 0 here, 192.0.2.2)
export GLOO_SOCKET_IFNAME=eth0
export MASTER_ADDR=192.0.2.2
export MASTER_PORT=29500
export NNODES=2
export NODE_RANK=0
export NPROC_PER_NODE=2
export OMP_NUM_THREADS=8
