#!/bin/bash
# run on gpu-01 (10.20.0.11) and on gpu-02 (10.20.0.12); each machine reads its own config
set -euo pipefail
cd "$(dirname "$0")"
accelerate launch --config_file "configs/$(hostname -s).yaml" train.py --output_dir /shared/runs/sft-7b
