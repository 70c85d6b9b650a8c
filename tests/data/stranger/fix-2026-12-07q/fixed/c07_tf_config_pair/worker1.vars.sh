# settings of worker 1 (host 192.0.2.3); sourced there before `python train_mwms.py`
export TF_CONFIG='{"cluster": {"worker": ["192.0.2.2:12345", "192.0.2.3:12345"]}, "task": {"type": "worker", "index": 1}}'
export NCCL_SOCKET_IFNAME=eth0
