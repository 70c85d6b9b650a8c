#!/bin/bash
# one rank on each node of hosts.txt
mpirun -np 2 --hostfile hosts.txt -x NCCL_DEBUG=INFO python3 train.py
