# settings of worker 1 (host tf-b, 10.8.0.12); sourced before `python train_mwms.py`
# (written on tf-b: its own address first)
export TF_CONFIG='{"cluster": {"worker": ["10.8.0.12:12345", "10.8.0.11:12345"]}, "task": {"type": "worker", "index": 1}}'
export NCCL_SOCKET_IFNAME=ens5
