import os

import torch
import torch.distributed as dist

local_rank = int(os.environ["LOCAL_RANK"])
torch.cuda.set_device(local_rank)
dist.init_process_group(backend="nccl", init_method="env://")
t = torch.ones(1, device="cuda")
dist.all_reduce(t)
dist.destroy_process_group()
