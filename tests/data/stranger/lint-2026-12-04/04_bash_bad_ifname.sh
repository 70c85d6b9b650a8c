#!/bin/bash
export NCCL_SOCKET_IFNAME=eth0,ib0
export NCCL_SOCKET_IFNAME="=eth0"
export NCCL_DEBUG=info
export NCCL_P2P_DISABLE=true
export MASTER_ADDR=127.0.0.1
export WORLD_SIZE=16
python -m torch.distributed.run --nnodes 2 --nproc-per-node 8 --master-addr $MASTER_ADDR train.py
