# Two Windows workstations, one RTX 4090 each, training over the office LAN.
# Start on each box:  set MASTER_ADDR=192.168.1.20 & set MASTER_PORT=29500 & set RANK=0 & set WORLD_SIZE=2 & python p16_windows_nccl.py
import os
import platform

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

if platform.system() == "Windows":
    os.environ.setdefault("USE_LIBUV", "0")

dist.init_process_group(backend="gloo", init_method="env://")
rank = dist.get_rank()
torch.cuda.set_device(0)

model = DDP(torch.nn.Linear(1000, 10).cuda(), device_ids=[0])
opt = torch.optim.SGD(model.parameters(), lr=0.01)
for step in range(100):
    opt.zero_grad()
    loss = model(torch.randn(64, 1000, device="cuda")).pow(2).mean()
    loss.backward()
    opt.step()
    if rank == 0 and step % 10 == 0:
        print(step, loss.item())
dist.destroy_process_group()
