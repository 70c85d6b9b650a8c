#!/bin/bash
mpirun -np 4 -H nodeA:2,nodeB:2 -x PATH -x LD_LIBRARY_PATH \
    python mpi_ddp.py
