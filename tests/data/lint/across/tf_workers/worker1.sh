#!/bin/bash
# worker 1: the copy was edited, and its cluster no longer matches worker 0's
export TF_CONFIG='{"cluster": {"worker": ["host1:12345", "host2:23456"]}, "task": {"type": "worker", "index": 1}}'
python3 train.py
