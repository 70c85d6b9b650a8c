# gpu-01 / gpu-02: ens1f0 + ens1f1 bonded into bond0 (LACP); eno1 is management.
#   bond0   UP   10.40.0.11/16   (gpu-02: 10.40.0.12/16)
export NCCL_SOCKET_IFNAME=bond0
export GLOO_SOCKET_IFNAME=bond0
export NCCL_IB_DISABLE=1
export MASTER_ADDR=10.40.0.11
export MASTER_PORT=29500
export NNODES=2
export NPROC_PER_NODE=8
