# worker 1 of 2, IPv6-only lab network (fd00:18::/64)
export TF_CONFIG='{"cluster": {"worker": ["fd00:18::11:12345", "fd00:18::12:12345"]}, "task": {"type": "worker", "index": 1}}'
export NCCL_SOCKET_IFNAME=ens1f0
export NCCL_SOCKET_FAMILY=AF_INET6
