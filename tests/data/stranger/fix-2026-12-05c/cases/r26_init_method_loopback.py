import argparse
import os

import torch
import torch.distributed as dist

parser = argparse.ArgumentParser()
parser.add_argument("--nnodes", type=int, default=2)
parser.add_argument("--gpus", type=int, default=4)
args = parser.parse_args()

node_rank = int(os.environ["NODE_RANK"])
local_rank = int(os.environ["LOCAL_RANK"])
rank = node_rank * args.gpus + local_rank
dist.init_process_group(
    backend="nccl",
    init_method="tcp://127.0.0.1:23456",
    rank=rank,
    world_size=args.nnodes * args.gpus,
)
torch.cuda.set_device(local_rank)
