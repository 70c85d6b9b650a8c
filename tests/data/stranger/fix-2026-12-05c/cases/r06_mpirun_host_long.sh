#!/bin/bash
export NCCL_SOCKET_IFNAME=ens1f0
mpirun -n 12 --host trn1:4,trn2:4 -x NCCL_SOCKET_IFNAME -bind-to none python3 hvd_train.py
