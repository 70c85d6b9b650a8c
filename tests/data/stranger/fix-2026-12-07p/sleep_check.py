# helper (not a case): an all_reduce, then 8 s of "training" so that a second job on the same node overlaps
import time
import torch
import torch.distributed as dist

dist.init_process_group("gloo")
t = torch.ones(1) * (dist.get_rank() + 1)
dist.all_reduce(t)
time.sleep(8)
print("rank", dist.get_rank(), "of", dist.get_world_size(), "all_reduce", t.item(), flush=True)
dist.destroy_process_group()
