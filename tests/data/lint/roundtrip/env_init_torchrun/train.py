import os

import torch
import torch.distributed as dist

NNODES = int(os.environ.get("NNODES", 1))

dist.init_process_group(backend="gloo", init_method="tcp://localhost:29613")
rank = dist.get_rank()
t = torch.ones(1) * (rank + 1)
dist.all_reduce(t)
print(f"rank {rank} of {NNODES} nodes: sum {t.item():.0f}", flush=True)
dist.destroy_process_group()
