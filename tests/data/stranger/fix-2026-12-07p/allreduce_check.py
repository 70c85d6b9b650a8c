# helper (not a case): 2-rank all_reduce through env:// as torchrun sets it
import torch
import torch.distributed as dist

dist.init_process_group("gloo")
t = torch.ones(1) * (dist.get_rank() + 1)
dist.all_reduce(t)
print("rank", dist.get_rank(), "of", dist.get_world_size(), "all_reduce", t.item(), flush=True)
dist.destroy_process_group()
