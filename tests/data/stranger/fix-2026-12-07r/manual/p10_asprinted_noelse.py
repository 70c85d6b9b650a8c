"""Validation loss: rank 0 collects the sum, the other ranks contribute theirs.

Launch: torchrun --nproc_per_node=2 p10_reduce_vs_allreduce.py
"""
import os

import torch
import torch.distributed as dist


def validate(rank):
    # stand-in for a real validation loop
    return torch.tensor([float(rank + 1)])


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    world = dist.get_world_size()
    for epoch in range(3):
        loss = validate(rank)
        dist.reduce(loss, dst=0)  # outside the rank branch, at the indentation of line 22: every rank makes the same collective calls
        dist.all_reduce(loss)  # outside the rank branch, at the indentation of line 22: every rank makes the same collective calls
        if rank == 0:
            print(f"epoch {epoch}: mean val loss {loss.item() / world:.3f}", flush=True)
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
