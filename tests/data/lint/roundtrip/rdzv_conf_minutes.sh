#!/bin/bash
# join_timeout with a unit: torchrun reads whole seconds (fix-2026-12-06k p16)
torchrun --nnodes=1 --nproc_per_node=2 \
    --rdzv_backend=c10d --rdzv_endpoint=127.0.0.1:${PORT:-29400} --rdzv_id=llm7 \
    --rdzv_conf join_timeout=30m \
    "${SCRIPT:-train.py}"
