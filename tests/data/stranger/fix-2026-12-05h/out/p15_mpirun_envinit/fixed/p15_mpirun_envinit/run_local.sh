#!/bin/bash
set -e
export MASTER_ADDR=127.0.0.1
export MASTER_PORT=29500

mpirun -x MASTER_ADDR -x MASTER_PORT -np 2 -H localhost:2 \
  -x PATH -x LD_LIBRARY_PATH -x VIRTUAL_ENV \
  /usr/bin/python3 ddp_mpi.py
