"""Multi-node DDP without torchrun: one process per GPU spawned here.
Run on every node:  NODE_RANK=<n> NNODES=2 python train_spawn.py
"""
import os
import torch
import torch.distributed as dist
import torch.multiprocessing as mp

os.environ["MASTER_ADDR"] = "localhost"
os.environ["MASTER_PORT"] = "29500"

NNODES = int(os.environ.get("NNODES", 2))
NODE_RANK = int(os.environ.get("NODE_RANK", 0))
GPUS = torch.cuda.device_count()


def worker(local_rank):
    rank = NODE_RANK * GPUS + local_rank
    world = NNODES * GPUS
    dist.init_process_group("nccl", rank=rank, world_size=world)
    torch.cuda.set_device(local_rank)
    t = torch.ones(1, device="cuda")
    dist.all_reduce(t)
    if rank == 0:
        print("sum", t.item())
    dist.destroy_process_group()


if __name__ == "__main__":
    mp.spawn(worker, nprocs=GPUS)
