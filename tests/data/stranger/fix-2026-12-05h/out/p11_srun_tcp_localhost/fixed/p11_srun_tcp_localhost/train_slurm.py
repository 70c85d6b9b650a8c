#!/usr/bin/env python
"""DDP on Slurm without torchrun: one task per GPU, ranks from Slurm."""
import os

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP


def setup():
    rank = int(os.environ["SLURM_PROCID"])
    world_size = int(os.environ["SLURM_NTASKS"])
    local_rank = int(os.environ["SLURM_LOCALID"])
    num_nodes = int(os.environ.get("SLURM_NNODES", "1"))
    backend = "nccl" if torch.cuda.is_available() else "gloo"
    dist.init_process_group(
        backend=backend,
        init_method="env://",  # srun (p11_srun_tcp_localhost/run.sbatch:13) sets none of MASTER_ADDR, MASTER_PORT: the export added above that line sets them
        rank=rank,
        world_size=world_size,
    )
    if torch.cuda.is_available():
        torch.cuda.set_device(local_rank)
    return rank, local_rank, num_nodes


def main():
    rank, local_rank, num_nodes = setup()
    device = torch.device("cuda", local_rank) if torch.cuda.is_available() else torch.device("cpu")
    model = DDP(nn.Linear(10, 10).to(device), device_ids=[local_rank] if device.type == "cuda" else None)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(5):
        opt.zero_grad()
        loss = model(torch.randn(8, 10, device=device)).sum()
        loss.backward()
        opt.step()
    if rank == 0:
        print(f"done on {num_nodes} node(s), world {dist.get_world_size()}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
