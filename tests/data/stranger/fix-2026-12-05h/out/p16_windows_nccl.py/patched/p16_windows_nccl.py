# Two Windows 11 workstations with an RTX 4090 each, joined over the office LAN.
# Start on each box:  python p16_windows_nccl.py --rank 0|1 --master 192.168.1.20
import argparse
import os
import platform

import torch
import torch.distributed as dist
import torch.nn as nn

parser = argparse.ArgumentParser()
parser.add_argument("--rank", type=int, required=True)
parser.add_argument("--world-size", type=int, default=2)
parser.add_argument("--master", default="192.168.1.20")
parser.add_argument("--port", default="29500")
args = parser.parse_args()

if platform.system() == "Windows":
    print("running on Windows", platform.release())

os.environ["MASTER_ADDR"] = args.master
os.environ["MASTER_PORT"] = args.port

dist.init_process_group(backend="gloo", rank=args.rank, world_size=args.world_size)
torch.cuda.set_device(0)
model = nn.parallel.DistributedDataParallel(nn.Linear(256, 256).cuda(), device_ids=[0])
opt = torch.optim.AdamW(model.parameters())
for step in range(100):
    opt.zero_grad()
    model(torch.randn(64, 256, device="cuda")).pow(2).mean().backward()
    opt.step()
dist.destroy_process_group()
