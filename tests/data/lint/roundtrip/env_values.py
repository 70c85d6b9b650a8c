import os

import torch.distributed as dist

os.environ["NCCL_BUFFSIZE"] = "4MB"
os.environ['NCCL_SOCKET_IFNAMES'] = 'eth0'
os.environ["NCCL_DEBUG"] = "info"
dist.init_process_group(backend="nccl")
