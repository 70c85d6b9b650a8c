# another TF job in the same folder: two machines, this is worker 0
export TF_CONFIG='{"cluster": {"worker": ["198.18.40.2:12345", "198.18.40.3:12345"]}, "task": {"type": "worker", "index": 0}}'
