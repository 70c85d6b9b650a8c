"""Plain `srun python ddp_slurm_env.py` launch: one task per GPU, no torchrun.

#SBATCH --nodes=2 --ntasks-per-node=4 --gpus-per-node=4
"""
import os
import subprocess

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

from model import Net
from data import get_loader


def init_from_slurm():
    world_size = int(os.environ["SLURM_NTASKS"])
    rank = int(os.environ["SLURM_LOCALID"])
    local_rank = int(os.environ["SLURM_LOCALID"])
    nodelist = os.environ["SLURM_JOB_NODELIST"]
    master = subprocess.check_output(["scontrol", "show", "hostnames", nodelist]).decode().split()[0]
    dist.init_process_group(
        backend="nccl",
        init_method=f"tcp://{master}:23456",
        world_size=world_size,
        rank=rank,
    )
    torch.cuda.set_device(local_rank)
    return rank, world_size, local_rank


def main():
    rank, world_size, local_rank = init_from_slurm()
    model = DDP(Net().cuda(), device_ids=[local_rank])
    opt = torch.optim.SGD(model.parameters(), lr=0.01 * world_size)
    loader = get_loader(rank=rank, world_size=world_size, batch_size=64)
    for epoch in range(20):
        loader.sampler.set_epoch(epoch)
        for x, y in loader:
            loss = torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda())
            opt.zero_grad()
            loss.backward()
            opt.step()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
