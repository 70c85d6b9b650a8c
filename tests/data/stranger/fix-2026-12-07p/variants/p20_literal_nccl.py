# Two Windows 11 workstations with an RTX 4090 each, on the office LAN:
#   PS> python p20_windows_backend_cuda.py --rank 0 --world 2 --master 192.168.1.20
#   PS> python p20_windows_backend_cuda.py --rank 1 --world 2 --master 192.168.1.20
import argparse

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP

parser = argparse.ArgumentParser()
parser.add_argument("--rank", type=int, required=True)
parser.add_argument("--world", type=int, default=2)
parser.add_argument("--master", default="192.168.1.20")
parser.add_argument("--port", type=int, default=29500)
args = parser.parse_args()

backend = "nccl"
dist.init_process_group(backend=backend, init_method=f"tcp://{args.master}:{args.port}",
                        rank=args.rank, world_size=args.world)
device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
model = DDP(nn.Linear(512, 10).to(device), device_ids=[0] if device.type == "cuda" else None)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
for step in range(100):
    x = torch.randn(64, 512, device=device)
    loss = model(x).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
if args.rank == 0:
    print("finished", flush=True)
dist.destroy_process_group()
