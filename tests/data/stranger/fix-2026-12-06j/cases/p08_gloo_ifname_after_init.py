import os
import torch
import torch.distributed as dist

NODE_RANK = int(os.environ.get("NODE_RANK", "0"))

dist.init_process_group(backend="gloo")
os.environ["GLOO_SOCKET_IFNAME"] = "ens1f0"

model = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(10, 10))
for step in range(100):
    out = model(torch.randn(4, 10)).sum()
    out.backward()
dist.destroy_process_group()
