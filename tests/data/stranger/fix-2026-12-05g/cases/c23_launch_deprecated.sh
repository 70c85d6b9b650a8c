#!/bin/sh
# single node, 4 GPUs
CUDA_VISIBLE_DEVICES=0,1,2,3 python -m torch.distributed.launch --nproc_per_node=4 --use_env \
    train.py --amp --data /mnt/imagenet
