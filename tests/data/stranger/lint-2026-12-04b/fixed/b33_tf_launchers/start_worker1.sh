#!/bin/bash
export TF_CONFIG='{"cluster": {"worker": ["trainer-2:12345", "trainer-1:12345"]}, "task": {"type": "worker", "index": 1}}'
python train_mwms.py --epochs 20
