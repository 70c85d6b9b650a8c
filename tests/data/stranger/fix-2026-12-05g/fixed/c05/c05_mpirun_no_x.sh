#!/bin/bash
# horovod via plain Open MPI
export NCCL_SOCKET_IFNAME=enp94s0f0
export NCCL_IB_DISABLE=1
export PYTHONPATH=$HOME/project/src

mpirun -x NCCL_SOCKET_IFNAME -x NCCL_IB_DISABLE -np 8 -H node01:4,node02:4 \
    -bind-to none -map-by slot \
    --mca pml ob1 --mca btl ^openib \
    python train_hvd.py --epochs 20
