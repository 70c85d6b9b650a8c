#!/bin/bash
mpirun -np 4 -H hostA:2,hostB:2 -x PATH -x LD_LIBRARY_PATH \
    python c29_mpi_tcp_localhost.py
