import os

import torch
import torch.distributed as dist

NNODES = int(os.environ.get("NNODES", 2))
rank = int(os.environ["OMPI_COMM_WORLD_RANK"])
world_size = int(os.environ["OMPI_COMM_WORLD_SIZE"])

dist.init_process_group(
    backend="gloo",
    init_method="tcp://localhost:29613",
    rank=rank,
    world_size=world_size,
)
t = torch.ones(1) * (rank + 1)
dist.all_reduce(t)
print(f"rank {rank} of {NNODES} nodes: sum {t.item():.0f}", flush=True)
dist.destroy_process_group()
