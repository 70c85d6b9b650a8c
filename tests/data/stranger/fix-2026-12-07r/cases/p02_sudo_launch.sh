#!/bin/bash
# Node launcher: the shared conda install is root-owned, so we start torchrun with sudo.
# usage: NODE_RANK=0|1 ./p02_sudo_launch.sh
set -eu
export NCCL_SOCKET_IFNAME=ens1f0
export GLOO_SOCKET_IFNAME=ens1f0
export NCCL_IB_DISABLE=1

sudo /opt/conda/bin/torchrun --nnodes=2 --nproc_per_node=8 \
    --node_rank="${NODE_RANK:?}" --master_addr=10.1.0.11 --master_port=29500 \
    /srv/jobs/resnet/train.py --batch-size 64
