import os

import torch
import torch.distributed as dist

rank = int(os.environ["SLURM_PROCID"])
world_size = int(os.environ["SLURM_NTASKS"])
local_rank = int(os.environ["SLURM_LOCALID"])

dist.init_process_group(backend="nccl", init_method="env://", rank=rank, world_size=world_size)
torch.cuda.set_device(local_rank)
print(f"hello from rank {rank} of {world_size}")
dist.barrier()
dist.destroy_process_group()
