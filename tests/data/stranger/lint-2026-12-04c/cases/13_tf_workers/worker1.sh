#!/bin/bash
# run on tf-node-b
export TF_CONFIG='{"cluster": {"worker": ["tf-node-a:2222", "tf-node-b:2222"]}, "task": {"type": "worker", "index": 0}}'
export NCCL_SOCKET_IFNAME=eth1
python3 train_mwms.py --epochs 20 --model-dir gs://ml-bucket/runs/mwms-42
