#!/bin/bash
# worker 1 of 2; TF reads the index with int(), so "1" is fine
export TF_CONFIG='{"cluster": {"worker": ["10.0.0.11:12345", "10.0.0.12:12345"]}, "task": {"type": "worker", "index": "1"}}'
python keras_mwms.py
