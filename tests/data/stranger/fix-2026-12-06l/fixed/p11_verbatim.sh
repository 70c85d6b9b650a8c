#!/bin/bash
# run on worker 0 (10.40.0.11); worker 1 uses index 1
export TF_CONFIG='{"cluster": {"worker": ["host1:12345", "host2:12345"]}, "task": {"type": "worker", "index": 0}}'
python3 train_mwms.py --epochs 10
