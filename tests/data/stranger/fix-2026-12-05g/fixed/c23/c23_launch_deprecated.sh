#!/bin/sh
# single node, 4 GPUs
CUDA_VISIBLE_DEVICES=0,1,2,3 python -m torch.distributed.run --nproc_per_node=4 \
    train.py --amp --data /mnt/imagenet
