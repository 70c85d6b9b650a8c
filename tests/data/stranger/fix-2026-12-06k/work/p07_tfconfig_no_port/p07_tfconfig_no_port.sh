#!/bin/bash
# worker 1 of 2
export TF_CONFIG='{"cluster": {"worker": ["10.20.0.11", "10.20.0.12"]}, "task": {"type": "worker", "index": 1}}'
python3 train_mwms.py
