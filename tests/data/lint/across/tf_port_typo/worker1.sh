#!/bin/bash
# worker 1: copied from worker 0 with every port changed and task.index left at 0 (review56)
export TF_CONFIG='{"cluster": {"worker": ["10.0.0.1:12345", "10.0.0.2:12345"]}, "task": {"type": "worker", "index": 0}}'
python3 train.py
