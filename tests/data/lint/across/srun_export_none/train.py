import os
import torch
import torch.distributed as dist

rank = int(os.environ["SLURM_PROCID"])
world = int(os.environ["SLURM_NTASKS"])
local = int(os.environ["SLURM_LOCALID"])
dist.init_process_group("nccl", init_method="env://", rank=rank, world_size=world)
torch.cuda.set_device(local)
t = torch.ones(1, device="cuda")
dist.all_reduce(t)
dist.destroy_process_group()
