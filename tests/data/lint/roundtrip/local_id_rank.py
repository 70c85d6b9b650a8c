import os

import torch
import torch.distributed as dist


def init_from_slurm():
    world_size = int(os.environ["SLURM_NTASKS"])
    rank = int(os.environ["SLURM_LOCALID"])
    local_rank = int(os.environ["SLURM_LOCALID"])
    dist.init_process_group(backend="nccl", init_method="tcp://node01:23456", world_size=world_size, rank=rank)
    torch.cuda.set_device(local_rank)
    return rank, world_size, local_rank
