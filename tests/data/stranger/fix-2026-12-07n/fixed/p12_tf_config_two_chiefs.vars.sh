export TF_CONFIG='{"cluster": {"chief": ["10.0.0.11:2222"], "worker": ["10.0.0.13:2222", "10.0.0.14:2222", "10.0.0.12:2222"]}, "task": {"type": "worker", "index": 1}}'
