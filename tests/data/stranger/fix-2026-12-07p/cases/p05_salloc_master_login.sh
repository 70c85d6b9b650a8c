#!/bin/bash
# run from the login node: ./p05_salloc_master_login.sh
# asks for 2 nodes and starts one torchrun agent per node on them
salloc --nodes=2 --ntasks-per-node=1 --gpus-per-node=8 --cpus-per-task=64 --time=04:00:00 bash -c '
  export MASTER_ADDR=$(hostname)
  export MASTER_PORT=29400
  srun torchrun --nnodes=2 --nproc_per_node=8 \
    --rdzv_backend=c10d --rdzv_id=$SLURM_JOB_ID --rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT \
    train.py --config cfg/llm-1b.yaml
'
