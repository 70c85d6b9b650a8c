import torch
import torch.distributed as dist
dist.init_process_group("gloo")
t = torch.ones(2) * (dist.get_rank() + 1)
dist.all_reduce(t)
print(f"rank {dist.get_rank()}: {t.tolist()}", flush=True)
dist.destroy_process_group()
