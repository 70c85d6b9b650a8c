# train_win.py -- run on two Windows workstations
import os
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

os.environ.setdefault("MASTER_ADDR", "192.168.1.20")
os.environ.setdefault("MASTER_PORT", "29500")

def main():
    rank = int(os.environ["RANK"])
    world_size = int(os.environ["WORLD_SIZE"])
    dist.init_process_group(backend="gloo", rank=rank, world_size=world_size)
    model = DDP(torch.nn.Linear(10, 1).cuda(), device_ids=[0])
    out = model(torch.randn(4, 10).cuda()).sum()
    out.backward()
    dist.destroy_process_group()

if __name__ == "__main__":
    main()
