#!/bin/bash
# one GPU visible, eight processes started (a stranger's run, issue 27)
export CUDA_VISIBLE_DEVICES=0
torchrun --standalone --nproc_per_node=8 train.py
