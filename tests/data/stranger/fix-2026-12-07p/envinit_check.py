# helper (not a case): env:// init as `srun python` / mp launchers use it (RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT)
import datetime
import torch
import torch.distributed as dist

dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=30))
t = torch.ones(1) * (dist.get_rank() + 1)
dist.all_reduce(t)
print("rank", dist.get_rank(), "of", dist.get_world_size(), "all_reduce", t.item(), flush=True)
dist.destroy_process_group()
