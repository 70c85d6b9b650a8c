#!/bin/bash
# launch accelerate on both nodes at once
NODES="gn[101-102]"
MAIN_IP=10.3.7.101

pdsh -R ssh -w "$NODES" "
  cd /shared/diffusion && source venv/bin/activate && \
  export NCCL_SOCKET_IFNAME=ens1f0 && \
  accelerate launch --multi_gpu --num_machines 2 --num_processes 16 \
    --machine_rank 0 --main_process_ip $MAIN_IP --main_process_port 29500 \
    train_sdxl.py --config cfg/sdxl_base.yaml
"
