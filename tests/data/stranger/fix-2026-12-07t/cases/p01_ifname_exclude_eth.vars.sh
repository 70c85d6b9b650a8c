# Network settings for the 2-node CPU/GPU job on the cloud VMs vm-train-1 / vm-train-2.
# `ip -br addr` on both VMs:
#   lo       UNKNOWN  127.0.0.1/8
#   eth0     UP       10.128.0.21/20   (vm-train-2: 10.128.0.22/20; the VPC subnet, the only NIC)
#   docker0  DOWN     172.17.0.1/16
# Keep NCCL away from loopback, docker and libvirt bridges:
export NCCL_SOCKET_IFNAME=^lo,docker,virbr,eth
export NCCL_DEBUG=WARN
export NNODES=2
export NPROC_PER_NODE=4
export MASTER_ADDR=10.128.0.21
export MASTER_PORT=29500
