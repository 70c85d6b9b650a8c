# gpu-01 / gpu-02: the two 25 GbE ports are bonded (LACP). `ip -br addr`:
#   lo      UNKNOWN  127.0.0.1/8
#   eno1    UP       192.168.0.11/24        (management, 1 GbE)
#   ens1f0  UP       (no address)           master bond0
#   ens1f1  UP       (no address)           master bond0
#   bond0   UP       10.40.0.11/16          (gpu-02: 10.40.0.12/16)
export NCCL_SOCKET_IFNAME=ens1f0
export GLOO_SOCKET_IFNAME=bond0
export NCCL_IB_DISABLE=1
export MASTER_ADDR=10.40.0.11
export MASTER_PORT=29500
export NNODES=2
