#!/bin/bash
# run on each node: builds the image locally (no registry), then starts the trainer
set -euo pipefail
cd "$(dirname "$0")"
docker build -t trainer:local .
docker run --rm --gpus all --network=host --ipc=host \
  -e HEAD=10.50.0.1 \
  trainer:local
