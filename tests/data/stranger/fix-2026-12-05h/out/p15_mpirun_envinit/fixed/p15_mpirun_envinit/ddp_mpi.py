import os

import torch
import torch.distributed as dist

# Open MPI tells every process who it is
rank = int(os.environ["OMPI_COMM_WORLD_RANK"])
world_size = int(os.environ["OMPI_COMM_WORLD_SIZE"])
local_rank = int(os.environ["OMPI_COMM_WORLD_LOCAL_RANK"])

os.environ["RANK"] = str(rank)
os.environ["WORLD_SIZE"] = str(world_size)

dist.init_process_group(backend="gloo", init_method="env://")

x = torch.tensor([float(rank)])
dist.all_reduce(x)
print(f"rank {rank}/{world_size} (local {local_rank}): sum={x.item()}")
dist.destroy_process_group()
