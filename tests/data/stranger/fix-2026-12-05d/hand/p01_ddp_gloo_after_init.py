#!/usr/bin/env python3
"""DDP training on CPU nodes with Gloo (our on-prem cluster has no GPUs on the preprocessing tier)."""
import argparse
import os

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--iface", default="ens3")
    return p.parse_args()


def main():
    args = parse_args()
    os.environ["GLOO_SOCKET_IFNAME"] = "ens3"
    dist.init_process_group(backend="gloo", init_method="env://")
    # the nodes have two NICs; make gloo use the data network
    rank = dist.get_rank()
    world = dist.get_world_size()

    ds = TensorDataset(torch.randn(4096, 16), torch.randn(4096, 1))
    sampler = DistributedSampler(ds, num_replicas=world, rank=rank)
    loader = DataLoader(ds, batch_size=args.batch_size, sampler=sampler)

    model = DDP(nn.Linear(16, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)
        for x, y in loader:
            opt.zero_grad()
            loss = nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()
        if rank == 0:
            print(f"epoch {epoch} loss {loss.item():.4f}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
