#!/bin/bash
# worker 1: the same cluster, only the index differs
export TF_CONFIG='{"cluster": {"worker": ["host1:12345", "host2:12345"]}, "task": {"type": "worker", "index": 1}}'
python3 train.py
