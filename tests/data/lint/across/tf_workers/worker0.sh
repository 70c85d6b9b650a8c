#!/bin/bash
# worker 0 of a two-worker MultiWorkerMirroredStrategy job
export TF_CONFIG='{"cluster": {"worker": ["host1:12345", "host2:12345"]}, "task": {"type": "worker", "index": 0}}'
python3 train.py
