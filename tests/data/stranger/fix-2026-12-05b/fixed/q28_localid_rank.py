import os

import torch
import torch.distributed as dist

local = int(os.environ["SLURM_PROCID"])
world = int(os.environ["SLURM_NTASKS"])
torch.cuda.set_device(local)
dist.init_process_group("nccl", rank=local, world_size=world)
print(dist.get_rank())
