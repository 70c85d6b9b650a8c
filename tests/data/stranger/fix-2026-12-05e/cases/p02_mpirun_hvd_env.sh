#!/bin/bash
# Horovod via Open MPI; hostfile has 2 nodes x 8 slots
export NCCL_SOCKET_IFNAME=ib0
export NCCL_DEBUG=WARN
export HOROVOD_HIERARCHICAL_ALLREDUCE=1

mpirun -np 16 \
    --hostfile /shared/hostfile \
    -bind-to none -map-by slot \
    -x LD_LIBRARY_PATH -x PATH \
    -mca pml ob1 -mca btl ^openib \
    python /shared/code/train_hvd.py --epochs 30
