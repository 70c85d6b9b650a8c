# TF_CONFIG of this machine (192.0.2.2), worker 1 of a 2-worker MultiWorkerMirroredStrategy job;
# worker 0 is 10.0.0.11.
export TF_CONFIG='{"cluster": {"worker": ["10.0.0.11:12345", "192.0.2.2:12345"]}, "tasks": {"type": "worker", "index": 1}, "task": {"type": "worker", "index": 1}}'
export TF_CPP_MIN_LOG_LEVEL=1
