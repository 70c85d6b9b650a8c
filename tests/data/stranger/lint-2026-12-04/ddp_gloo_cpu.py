import os
import torch.distributed as dist
import torch

os.environ["GLOO_SOCKET_IFNAME"] = "eth0"
os.environ.update({"MASTER_ADDR": "10.1.2.3", "MASTER_PORT": "23456"})
dist.init_process_group("gloo", rank=int(os.environ["RANK"]), world_size=int(os.environ["WORLD_SIZE"]))
x = torch.zeros(4)
dist.all_reduce(x)
