#!/bin/bash
export MASTER_ADDR="${MASTER_ADDR:?set MASTER_ADDR to the rank-0 node address}" MASTER_PORT="${MASTER_PORT:-29500}"
mpirun -x MASTER_ADDR -x MASTER_PORT -np 4 -H nodeA:2,nodeB:2 -x PATH -x LD_LIBRARY_PATH \
    python mpi_ddp.py
