#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gpus-per-node=8
# one GPU visible, eight processes started (a stranger's run, issue 27); the job asks for 8 GPUs
export CUDA_VISIBLE_DEVICES=0
torchrun --standalone --nproc_per_node=8 train.py
