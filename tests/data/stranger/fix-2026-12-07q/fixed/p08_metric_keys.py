"""Binary classifier with DDP; per-class metrics averaged over ranks at each epoch end.

Runs on CPU with gloo here:  torchrun --nproc_per_node 2 p08_metric_keys.py
"""
import os

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP


def shard_for(rank):
    g = torch.Generator().manual_seed(rank)
    x = torch.randn(64, 8, generator=g)
    # rank 1's shard holds only negatives (class imbalance after sharding)
    y = (x[:, 0] > 0).long() if rank == 0 else torch.zeros(64, dtype=torch.long)
    return x, y


def epoch_metrics(pred, y):
    metrics = {"loss_sum": torch.tensor([0.0]), "count": torch.tensor([float(len(y))])}
    for cls in (0, 1):
        mask = y == cls
        if mask.any():
            metrics[f"recall_{cls}"] = (pred[mask] == cls).float().mean().reshape(1)
    return metrics


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    world = dist.get_world_size()
    model = DDP(nn.Linear(8, 2))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x, y = shard_for(rank)
    for epoch in range(2):
        out = model(x)
        loss = nn.functional.cross_entropy(out, y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        metrics = epoch_metrics(out.argmax(1), y)
        for name, value in metrics.items():
            dist.all_reduce(value)
            metrics[name] = value / world
        if rank == 0:
            print(f"epoch {epoch}: " + ", ".join(f"{k}={v.item():.3f}" for k, v in metrics.items()), flush=True)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
