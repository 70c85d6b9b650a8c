import os
import torch.distributed as dist

os.environ.setdefault("NCCL_NSOCKS_PERTHREAD", "4")
os.environ.setdefault("NCCL_SOCKET_NTHREADS", "2")
dist.init_process_group("nccl")
print(dist.get_rank(), os.environ["NCCL_NSOCKS_PERTHREAD"])
