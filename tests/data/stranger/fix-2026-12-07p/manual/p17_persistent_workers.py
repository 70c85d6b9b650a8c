# runnable: python -m torch.distributed.run --nproc_per_node 2 p17_persistent_workers.py (Gloo, CPU)
import argparse

import torch
import torch.distributed as dist
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("--workers", type=int, default=0, help="DataLoader worker processes per rank")
parser.add_argument("--epochs", type=int, default=2)
args = parser.parse_args()

dist.init_process_group("gloo")
rank = dist.get_rank()
ds = TensorDataset(torch.arange(64, dtype=torch.float32).unsqueeze(1))
sampler = DistributedSampler(ds, shuffle=True, seed=0)
loader = DataLoader(ds, batch_size=8, sampler=sampler, num_workers=args.workers,
                    persistent_workers=args.workers > 0, pin_memory=False)

total = torch.zeros(1)
for epoch in range(args.epochs):
    sampler.set_epoch(epoch)
    for (x,) in loader:
        total += x.sum()
dist.all_reduce(total)
print(f"rank {rank}: checksum {total.item():.0f}", flush=True)
dist.destroy_process_group()
