import os

import torch
import torch.distributed as dist

# map Open MPI's variables to the ones env:// reads
os.environ.setdefault("RANK", os.environ["OMPI_COMM_WORLD_RANK"])
os.environ.setdefault("WORLD_SIZE", os.environ["OMPI_COMM_WORLD_SIZE"])
os.environ.setdefault("LOCAL_RANK", os.environ["OMPI_COMM_WORLD_LOCAL_RANK"])

dist.init_process_group(backend="gloo", init_method="env://")
rank = dist.get_rank()
t = torch.tensor([rank + 1.0])
dist.all_reduce(t)
print(f"rank {rank}/{dist.get_world_size()} sum={t.item()}", flush=True)
dist.destroy_process_group()
