#!/bin/bash
horovodrun -np 16 -H gpu-a,gpu-b --network-interfaces ens5 python train_hvd.py
