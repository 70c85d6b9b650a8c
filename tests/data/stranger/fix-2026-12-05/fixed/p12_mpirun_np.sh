#!/bin/bash
set -e
export NCCL_DEBUG=WARN
mpirun -np 16 \
    -H node01:8,node02:8 \
    -bind-to none -map-by slot \
    -x NCCL_DEBUG -x LD_LIBRARY_PATH -x PATH \
    -mca pml ob1 -mca btl ^openib \
    python pytorch_synthetic_benchmark.py --model resnet50
