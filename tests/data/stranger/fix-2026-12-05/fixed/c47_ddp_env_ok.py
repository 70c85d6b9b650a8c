import os

import torch.distributed as dist

os.environ.setdefault("NCCL_BUFFSIZE", "8388608")
os.environ["GLOO_SOCKET_IFNAME"] = os.environ.get("NCCL_SOCKET_IFNAME", "eth0")

dist.init_process_group(backend="nccl")
print(dist.get_rank())
