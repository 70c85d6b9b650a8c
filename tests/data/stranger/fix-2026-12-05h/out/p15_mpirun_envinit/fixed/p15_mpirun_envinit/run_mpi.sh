#!/bin/bash
set -e
export MASTER_ADDR=node-a
export MASTER_PORT=29500

mpirun -x MASTER_ADDR -x MASTER_PORT -np 4 -H node-a:2,node-b:2 \
  -x PATH -x LD_LIBRARY_PATH -x VIRTUAL_ENV \
  python ddp_mpi.py
