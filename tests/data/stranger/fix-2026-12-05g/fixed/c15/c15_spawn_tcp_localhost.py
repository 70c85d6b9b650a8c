import os
import sys

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

NODE_RANK = int(sys.argv[1])
NNODES = 2
GPUS = 2


def worker(local_rank):
    rank = NODE_RANK * GPUS + local_rank
    dist.init_process_group(
        backend="gloo",
        init_method="tcp://localhost:23456",
        rank=rank,
        world_size=NNODES * GPUS,
    )
    t = torch.ones(1) * rank
    dist.all_reduce(t)
    print(f"rank {rank}: sum={t.item()}")
    dist.destroy_process_group()


if __name__ == "__main__":
    mp.spawn(worker, nprocs=GPUS)
