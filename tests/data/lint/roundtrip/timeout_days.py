import datetime
import os
import torch
import torch.distributed as dist

NODE_RANK = int(os.environ.get("NODE_RANK", "0"))

# fail fast instead of hanging forever: 30 minutes
dist.init_process_group("gloo", timeout=datetime.timedelta(1800))
t = torch.ones(1)
dist.all_reduce(t)
print(dist.get_rank(), t.item())
dist.destroy_process_group()
