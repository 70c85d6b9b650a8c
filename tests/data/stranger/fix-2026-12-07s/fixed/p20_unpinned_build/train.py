import os

import torch
import torch.distributed as dist

dist.init_process_group("nccl")
local_rank = int(os.environ["LOCAL_RANK"])
torch.cuda.set_device(local_rank)
t = torch.ones(1, device="cuda")
dist.all_reduce(t)
if dist.get_rank() == 0:
    print("world", dist.get_world_size(), t.item())
dist.destroy_process_group()
