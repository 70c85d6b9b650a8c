#!/bin/bash
# worker 0 of a two-worker job
export TF_CONFIG='{"cluster": {"worker": ["10.0.0.1:2222", "10.0.0.2:2222"]}, "task": {"type": "worker", "index": 0}}'
python3 train.py
