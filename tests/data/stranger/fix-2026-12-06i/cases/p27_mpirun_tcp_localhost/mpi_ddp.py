import os

import torch
import torch.distributed as dist

rank = int(os.environ["OMPI_COMM_WORLD_RANK"])
world_size = int(os.environ["OMPI_COMM_WORLD_SIZE"])
local_rank = int(os.environ["OMPI_COMM_WORLD_LOCAL_RANK"])

dist.init_process_group("nccl", init_method="tcp://localhost:29500", rank=rank, world_size=world_size)
torch.cuda.set_device(local_rank)

x = torch.ones(1, device="cuda") * rank
dist.all_reduce(x)
if rank == 0:
    print("sum of ranks:", x.item())
dist.destroy_process_group()
