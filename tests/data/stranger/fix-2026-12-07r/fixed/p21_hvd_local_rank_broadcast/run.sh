#!/bin/bash
set -eu
horovodrun -np 8 -H gpu-a:4,gpu-b:4 --network-interface ens1f0 \
    python train.py --epochs 20
