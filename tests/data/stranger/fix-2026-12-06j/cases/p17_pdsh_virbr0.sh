#!/bin/bash
# hosts come from the lab's KVM boxes
pdsh -w gpu[01-02] "cd /srv/exp && NCCL_SOCKET_IFNAME=virbr0 torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=gpu01:29400 train.py"
