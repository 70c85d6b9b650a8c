# this machine (192.0.2.2) is worker 0 and writes the checkpoints; 10.0.0.12 is the second worker
export TF_CONFIG='{"cluster": {"chief": ["192.0.2.2:12346"], "worker": ["192.0.2.2:12345", "10.0.0.12:12345"]}, "task": {"type": "chief", "index": 0}}'
export TF_CPP_MIN_LOG_LEVEL=1
