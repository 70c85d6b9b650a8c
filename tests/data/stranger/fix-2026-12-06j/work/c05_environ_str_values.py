import os
import torch
import torch.distributed as dist

NUM_THREADS = 1
os.environ.setdefault("OMP_NUM_THREADS", str(NUM_THREADS))
os.environ["TORCH_DISTRIBUTED_DEBUG"] = "DETAIL"
os.environ["NCCL_NSOCKS_PER_PEER"] = f"{2}"

dist.init_process_group("gloo")
rank = dist.get_rank()
t = torch.arange(4, dtype=torch.float32) + rank
dist.all_reduce(t)
print(rank, t.tolist(), flush=True)
dist.destroy_process_group()
