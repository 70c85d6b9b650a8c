#!/bin/bash
# Open MPI: 2 ranks per host; rank 0's host is the rendezvous
HOSTS=${HOSTS:-localhost:2}
export MASTER_ADDR=${MASTER_ADDR:-$(hostname -I | awk '{print $1}')}
export MASTER_PORT=${MASTER_PORT:-29531}

mpirun -np 2 -H "$HOSTS" \
    -x MASTER_ADDR -x MASTER_PORT -x PATH -x LD_LIBRARY_PATH \
    /usr/bin/python3 mpi_env_ddp.py
