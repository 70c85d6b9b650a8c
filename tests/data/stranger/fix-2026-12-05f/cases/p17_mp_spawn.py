import argparse
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def worker(local_rank, args):
    rank = args.node_rank * args.gpus + local_rank
    world_size = args.nnodes * args.gpus
    dist.init_process_group(
        backend="nccl",
        init_method="tcp://localhost:23456",
        rank=rank,
        world_size=world_size,
    )
    torch.cuda.set_device(local_rank)
    x = torch.randn(10, device="cuda")
    dist.all_reduce(x)
    dist.destroy_process_group()


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--nnodes", type=int, default=2)
    p.add_argument("--node_rank", type=int, default=0)
    p.add_argument("--gpus", type=int, default=torch.cuda.device_count())
    args = p.parse_args()
    mp.spawn(worker, nprocs=args.gpus, args=(args,))
