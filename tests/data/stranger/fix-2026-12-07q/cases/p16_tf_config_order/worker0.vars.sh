# settings of worker 0 (host tf-a, 10.8.0.11); sourced before `python train_mwms.py`
export TF_CONFIG='{"cluster": {"worker": ["10.8.0.11:12345", "10.8.0.12:12345"]}, "task": {"type": "worker", "index": 0}}'
export NCCL_SOCKET_IFNAME=ens5
