import os
import torch
import torch.distributed as dist

NNODES = int(os.environ.get("NNODES", "2"))
local_rank = int(os.environ["LOCAL_RANK"])
world_size = int(os.environ["WORLD_SIZE"])

dist.init_process_group(backend="nccl", rank=local_rank, world_size=world_size)
torch.cuda.set_device(local_rank)
x = torch.ones(1, device="cuda")
dist.all_reduce(x)
print(local_rank, x.item())
