# Two Windows 11 workstations with RTX 4090s, connected over 10GbE.
# Start on each:  set MASTER_ADDR=192.168.1.50 & set MASTER_PORT=29500 & python train_win.py --rank N
import argparse
import os
import platform

import torch
import torch.distributed as dist

if platform.system() == "Windows":
    os.environ.setdefault("USE_LIBUV", "0")

ap = argparse.ArgumentParser()
ap.add_argument("--rank", type=int, required=True)
ap.add_argument("--world_size", type=int, default=2)
args = ap.parse_args()

dist.init_process_group(backend="gloo", rank=args.rank, world_size=args.world_size)
torch.cuda.set_device(0)
model = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(512, 10).cuda(), device_ids=[0])
x = torch.randn(64, 512, device="cuda")
model(x).sum().backward()
print("rank", dist.get_rank(), "done")
dist.destroy_process_group()
