#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
srun python train.py
