#!/bin/bash
export MASTER_ADDR=node01
export MASTER_PORT=29500
mpirun -np 8 -H node01:4,node02:4 -bind-to none -map-by slot \
    -x MASTER_ADDR -x MASTER_PORT -x PATH -x LD_LIBRARY_PATH \
    python train.py
