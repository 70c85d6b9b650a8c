import os
import torch
import torch.distributed as dist

os.environ["NCCL_NSOCKS_PERTHREAD"] = "1"
os.environ.pop("NCCL_NSOCKS_PER_PEER", None)
os.environ["NCCL_SOCKET_NTHREADS"] = "4"

dist.init_process_group("gloo")
t = torch.ones(2) * dist.get_rank()
dist.all_reduce(t)
print(dist.get_rank(), t.tolist(), flush=True)
dist.destroy_process_group()
