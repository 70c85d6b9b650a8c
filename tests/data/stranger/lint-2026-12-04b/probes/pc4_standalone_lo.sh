#!/bin/bash
# correct: single node, loopback is fine
export NCCL_SOCKET_IFNAME=lo
torchrun --standalone --nproc_per_node=2 smoke_test.py
