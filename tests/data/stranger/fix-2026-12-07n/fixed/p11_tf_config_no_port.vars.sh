export TF_CONFIG='{"cluster": {"worker": ["10.0.0.11:12345", "10.0.0.12:12345"]}, "task": {"type": "worker", "index": 0}}'
export GLOO_SOCKET_IFNAME=eth0
