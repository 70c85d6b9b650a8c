# worker 0 of 2 on this machine (192.0.2.2); worker 1 runs on 192.0.2.3
# (copied from worker 0's line and edited for index 1 ... )
export TF_CONFIG='{"cluster": {"worker": ["192.0.2.2:12345", "192.0.2.2:12346"]}, "task": {"type": "worker", "index": 0}}'
export GLOO_SOCKET_IFNAME=eth0
export NCCL_SOCKET_IFNAME=eth0
