#!/bin/bash
export NCCL_SOCKET_IFNAME=ens2f0
export HOROVOD_FUSION_THRESHOLD=67108864
mpirun -np 8 -H node01:4,node02:4 \
  --mca mca_base_env_list "NCCL_SOCKET_IFNAME;HOROVOD_FUSION_THRESHOLD;PATH;LD_LIBRARY_PATH" \
  -bind-to none python train_hvd.py
