#!/bin/bash
#SBATCH --job-name=lit-2node
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=8
#SBATCH --gres=gpu:8
#SBATCH --time=24:00:00

export NCCL_DEBUG=WARN
srun python train.py --epochs 30
