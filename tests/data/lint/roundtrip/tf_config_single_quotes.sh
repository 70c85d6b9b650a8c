#!/bin/bash
# run on worker 0 (10.40.0.11); worker 1 uses index 1
export TF_CONFIG="{'cluster': {'worker': ['10.40.0.11:12345', '10.40.0.12:12345']}, 'task': {'type': 'worker', 'index': 0}}"
python3 train_mwms.py --epochs 10
