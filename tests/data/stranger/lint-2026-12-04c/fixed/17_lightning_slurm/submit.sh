#!/bin/bash
#SBATCH --job-name=lit-whisper
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:8
#SBATCH --cpus-per-task=64
#SBATCH --time=24:00:00
#SBATCH --signal=SIGUSR1@90

source ~/miniconda3/etc/profile.d/conda.sh
conda activate whisper

export NCCL_SOCKET_IFNAME=ib0
export NCCL_DEBUG=WARN

srun python train.py --data /lustre/speech/librispeech --max-epochs 20
