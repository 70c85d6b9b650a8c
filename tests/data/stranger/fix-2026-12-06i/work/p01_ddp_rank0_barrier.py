#!/usr/bin/env python
"""DDP training for the ResNet baseline. Launch: torchrun --nproc_per_node=8 ... train_ddp.py"""
import argparse
import os

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--lr", type=float, default=0.1)
    p.add_argument("--ckpt-dir", default="/checkpoints")
    return p.parse_args()


def main():
    args = parse_args()
    dist.init_process_group(backend="nccl", init_method="env://")
    rank = dist.get_rank()
    local_rank = int(os.environ["LOCAL_RANK"])
    torch.cuda.set_device(local_rank)

    model = DDP(nn.Linear(1024, 10).cuda(), device_ids=[local_rank])
    opt = torch.optim.SGD(model.parameters(), lr=args.lr)

    for epoch in range(args.epochs):
        x = torch.randn(64, 1024, device="cuda")
        loss = model(x).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()

        if rank == 0:
            print(f"epoch {epoch} loss {loss.item():.4f}")
            torch.save(model.module.state_dict(), os.path.join(args.ckpt_dir, f"ep{epoch}.pt"))
            # make sure the checkpoint is on disk before anyone moves on
            dist.barrier()

    dist.destroy_process_group()


if __name__ == "__main__":
    main()
