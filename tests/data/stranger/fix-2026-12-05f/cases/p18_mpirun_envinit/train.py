import os

import torch
import torch.distributed as dist

rank = int(os.environ["OMPI_COMM_WORLD_RANK"])
world_size = int(os.environ["OMPI_COMM_WORLD_SIZE"])
local_rank = int(os.environ["OMPI_COMM_WORLD_LOCAL_RANK"])

dist.init_process_group("nccl", init_method="env://", rank=rank, world_size=world_size)
torch.cuda.set_device(local_rank)
buf = torch.zeros(1 << 20, device="cuda")
dist.all_reduce(buf)
dist.barrier()
dist.destroy_process_group()
