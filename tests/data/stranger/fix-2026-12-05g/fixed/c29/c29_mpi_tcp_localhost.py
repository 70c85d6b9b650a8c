import os
import torch
import torch.distributed as dist

rank = int(os.environ["OMPI_COMM_WORLD_RANK"])
world_size = int(os.environ["OMPI_COMM_WORLD_SIZE"])
local_rank = int(os.environ["OMPI_COMM_WORLD_LOCAL_RANK"])

dist.init_process_group(
    backend="gloo",
    init_method="tcp://localhost:29500",
    rank=rank,
    world_size=world_size,
)
t = torch.tensor([rank], dtype=torch.float32)
dist.all_reduce(t)
print(f"[{rank}/{world_size}] local {local_rank} sum {t.item()}")
dist.destroy_process_group()
