#!/bin/bash
# Start the job on all four nodes; the interface settings come from ~/.bashrc on each node.
pdsh -w gpu-0[1-4] 'cd /shared/proj && torchrun --nnodes=4 --nproc_per_node=4 \
  --rdzv_backend=c10d --rdzv_endpoint=gpu-01:29400 --rdzv_id=proj-run7 train.py'
