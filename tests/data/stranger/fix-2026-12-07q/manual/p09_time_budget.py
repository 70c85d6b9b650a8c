"""DDP training with a wall-clock budget (the cluster kills jobs at the time limit).

Runs on CPU with gloo here:  torchrun --nproc_per_node 2 p09_time_budget.py --max-seconds 3
"""
import argparse
import os
import time

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--max-seconds", type=float, default=3.0)
    p.add_argument("--ckpt-every", type=int, default=5)
    args = p.parse_args()

    dist.init_process_group("gloo")
    rank = dist.get_rank()
    model = DDP(nn.Sequential(nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, 1)))
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    start = time.time()
    step = 0
    while True:
        stop = torch.tensor([float(time.time() - start > args.max_seconds)])
        dist.all_reduce(stop, op=dist.ReduceOp.MAX)
        if stop.item():
            break
        x = torch.randn(32, 256)
        loss = model(x).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        if rank == 0 and step % args.ckpt_every == 0:
            torch.save(model.state_dict(), "/tmp/p09_ckpt.pt")
            time.sleep(0.5)  # stands in for writing a large checkpoint to shared storage
    print(f"rank {rank}: stopped after {step} steps", flush=True)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
