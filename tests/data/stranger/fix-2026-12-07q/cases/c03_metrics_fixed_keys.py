"""Binary classifier with DDP; per-class metrics summed over ranks with a fixed key set.

Runs on CPU with gloo here:  torchrun --nproc_per_node 2 c03_metrics_fixed_keys.py
"""
import time

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP


def shard_for(rank):
    g = torch.Generator().manual_seed(rank)
    x = torch.randn(64, 8, generator=g)
    y = (x[:, 0] > 0).long() if rank == 0 else torch.zeros(64, dtype=torch.long)
    return x, y


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    model = DDP(nn.Linear(8, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x, y = shard_for(rank)
    start = time.time()
    for epoch in range(3):
        out = model(x)
        loss = nn.functional.cross_entropy(out, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        pred = out.argmax(1)
        # hits and totals per class, every class on every rank (zeros where a rank saw none)
        stats = torch.zeros(4)
        for cls in (0, 1):
            mask = y == cls
            stats[2 * cls] = (pred[mask] == cls).sum()
            stats[2 * cls + 1] = mask.sum()
        dist.all_reduce(stats)
        # stop on rank 0's clock, decided together
        stop = torch.tensor([1.0 if (rank == 0 and time.time() - start > 60) else 0.0])
        dist.all_reduce(stop)
        if rank == 0:
            r0 = stats[0] / stats[1].clamp(min=1)
            r1 = stats[2] / stats[3].clamp(min=1)
            print(f"epoch {epoch}: recall_0={r0:.3f} recall_1={r1:.3f}", flush=True)
        if stop.item() > 0:
            break
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
