# settings of worker 0 (this host, 192.0.2.2); sourced before `python train_mwms.py`
export TF_CONFIG='{"cluster": {"worker": ["192.0.2.2:12345", "192.0.2.3:12345"]}, "task": {"type": "worker", "index": 0}}'
export NCCL_SOCKET_IFNAME=eth0
