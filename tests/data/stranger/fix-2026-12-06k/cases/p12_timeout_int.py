import os

import torch
import torch.distributed as dist

backend = os.environ.get("BACKEND", "nccl")
dist.init_process_group(backend=backend, timeout=1800)
t = torch.ones(1)
dist.all_reduce(t)
print(f"rank {dist.get_rank()} sum {t.item()}")
dist.destroy_process_group()
